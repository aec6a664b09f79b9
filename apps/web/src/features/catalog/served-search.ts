/** What the visitor typed into the server-rendered page's search box before the app took its place. */
let typed: { text: string; focused: boolean } | undefined;

const servedInput = () => document.querySelector<HTMLInputElement>('#served-page input[name=search]');

/** The served page's search box, when the visitor has typed in it. */
function readTyped() {
  const input = servedInput();
  if (!input || input.value === input.defaultValue) return undefined;
  return { text: input.value, focused: document.activeElement === input };
}

/**
 * Removes the page as the server rendered it, keeping what the visitor had typed into its search box
 * (the app starts after that page has painted, so a quick visitor can be typing already).
 */
export function removeServedPage(): void {
  typed ??= readTyped();
  document.getElementById('served-page')?.remove();
}

/**
 * The text typed into the served page's search box: the app's search box goes on from it. The box may
 * render while that page is still there, and a render can be thrown away and done again, so this only
 * reads; forgetTypedSearch ends it once the box is on the screen.
 */
export function typedSearch() {
  return typed ?? readTyped();
}

export function forgetTypedSearch(): void {
  typed = undefined;
  const input = servedInput();
  if (input) input.value = input.defaultValue;
}
