/** JSON Schemas of the visitor's answers, made from the contracts at build time (vite.config.ts). */
declare module 'virtual:response-shapes' {
  import type { ResponseTypes } from './lib/response-check';
  const shapes: Record<keyof ResponseTypes, object>;
  export default shapes;
}
