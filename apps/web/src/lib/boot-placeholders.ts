/**
 * public/boot.js holds values the build knows (`var name = <empty>; /* name *\/`). This writes a
 * value in place of each one and fails when a placeholder is missing. Used by vite.config.ts (build
 * and dev server) and by the shell's test.
 */
export function fillBootPlaceholders(source: string, values: Record<string, unknown>): string {
  let filled = source;
  for (const [name, value] of Object.entries(values)) {
    const placeholder = new RegExp(`(var \\w+ = )(?:null|\\{\\})(; /\\* ${name} \\*/)`);
    if (!placeholder.test(filled)) throw new Error(`boot.js has no ${name} placeholder`);
    filled = filled.replace(
      placeholder,
      (_match, head: string, tail: string) => head + JSON.stringify(value) + tail,
    );
  }
  return filled;
}
