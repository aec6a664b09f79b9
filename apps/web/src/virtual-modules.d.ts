/** JSON Schemas of the visitor's answers, made from the contracts at build time (vite.config.ts). */
declare module 'virtual:response-shapes' {
  /** By answer name: every answer of lib/response-check.ts's FirstVisitShape. */
  const shapes: Partial<Record<string, object>>;
  export default shapes;
}

/** The product answer's JSON Schema, loaded with the product page (lib/product-check.ts). */
declare module 'virtual:response-shapes/product' {
  const shape: object;
  export default shape;
}
