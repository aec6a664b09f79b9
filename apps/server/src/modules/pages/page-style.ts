import { createHash } from 'node:crypto';
import type { CompressedCopies } from '../../lib/compression';

/**
 * The rendered visitor pages' stylesheet, a file of its own that their head links to (cached by the
 * browser for a year under an address named by its content, so a visitor's next pages and every
 * cached page's bytes go without it): the catalogue's look (the app's theme
 * colours, radii and widths, features/catalog) in plain CSS, light and dark. Dark follows the colour
 * mode public/boot.js puts on <html>, else (without JavaScript) the system's.
 *
 * While the page's content stands, the app's root is not laid out: what the app draws there on the
 * way (the session check's and the guest sign-in's spinners) stays unseen, and the root does not move
 * up when the content goes, which the browser would count as a layout shift of the whole screen. The
 * app removes the content when its own screen, its sign-in form or its error page shows. System fonts
 * only, as index.html's shell: the web font arrives with the app and would reflow the text. On the
 * catalogue's address without a family, boot.js marks a browser that remembers its family: the
 * chooser the server sent is not shown there, and the app's root is laid out as on any other page.
 */
const DARK = `--sp-bg:#101418;--sp-paper:#171d24;--sp-text:#e8edf2;--sp-soft:#a9b4c0;--sp-line:#2c3642;--sp-link:#8cc8ee;--sp-chip:#1f2a35;--sp-green:#0d1f15;--sp-green-line:#23452f;--sp-accent:#7fd3a0;--sp-shade:rgba(255,255,255,0.08)`;

const CSS = `#served-page{--sp-bg:#f9f9f9;--sp-paper:#fff;--sp-text:#1b2430;--sp-soft:#4d5a69;--sp-line:#e3e7ec;--sp-link:#1f5f86;--sp-chip:#eef3f7;--sp-green:#e7f3ea;--sp-green-line:#c3dfca;--sp-accent:#1d6b3c;--sp-shade:rgba(0,0,0,0.04);min-height:100vh;background:var(--sp-bg);color:var(--sp-text);font-family:'Segoe UI',system-ui,-apple-system,sans-serif;line-height:1.7}
html:not([data-remembered-family]) #served-page~#root,html[data-remembered-family] #served-page{display:none}
html[data-mode='dark'] #served-page{${DARK}}
@media (prefers-color-scheme:dark){html:not([data-mode]) #served-page{${DARK}}}
#served-page.sp-on-product{background:var(--sp-green)}
#served-page a{color:var(--sp-link)}
#served-page img{display:block;width:100%;height:100%;object-fit:cover}
#served-page ul,#served-page ol{list-style:none;margin:0;padding:0}
#served-page h1{margin:0}
.sp-bar{position:sticky;top:0;z-index:1;background:var(--sp-paper);border-bottom:1px solid var(--sp-line)}
.sp-wrap{box-sizing:border-box;width:100%;max-width:1200px;margin:0 auto;padding:0 16px}
.sp-toolbar{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:56px}
#served-page .sp-brand{display:flex;flex-direction:column;color:inherit;text-decoration:none;line-height:1.3}
.sp-brand strong{font-size:1.15rem}
.sp-brand span,.sp-meta,.sp-other,.sp-count{color:var(--sp-soft);font-size:.9rem}
.sp-main{display:flex;flex-direction:column;gap:20px;padding-top:16px;padding-bottom:32px}
.sp-crumbs{display:flex;flex-wrap:wrap;gap:4px 8px;font-size:.9rem;color:var(--sp-soft)}
.sp-crumbs li+li::before{content:'›';margin-inline-end:8px}
[dir='rtl'] .sp-crumbs li+li::before{content:'‹'}
.sp-title{font-size:1.55rem;line-height:1.35}
.sp-families{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
#served-page .sp-family,#served-page .sp-card{display:flex;flex-direction:column;gap:4px;height:100%;box-sizing:border-box;padding:12px;border:1px solid var(--sp-line);border-radius:24px;background:var(--sp-paper);color:inherit;text-decoration:none}
.sp-cover{display:block;aspect-ratio:16/9;overflow:hidden;border-radius:16px;background:var(--sp-shade)}
.sp-family-name{font-weight:700;font-size:1.15rem;line-height:1.4}
.sp-hero{position:relative;display:block;min-height:240px;overflow:hidden;border-radius:30px;color:#fff;background:linear-gradient(135deg,#1f5f86 0%,#3c8dbc 55%,#6cb4e0 100%)}
.sp-hero-cover img{position:absolute;inset:0}
.sp-scrim{position:relative;box-sizing:border-box;min-height:240px;padding:20px;display:flex;flex-direction:column;justify-content:flex-end;background:linear-gradient(to top,rgba(8,14,20,.82) 0%,rgba(8,14,20,.5) 55%,rgba(8,14,20,.2) 100%)}
.sp-hero .sp-family-name{font-size:1.4rem}
.sp-hero .sp-other{color:#fff;opacity:.9}
.sp-search{display:flex;align-items:flex-end;gap:8px}
.sp-search label{display:flex;flex-direction:column;flex:1;font-size:.9rem;color:var(--sp-soft)}
.sp-search input{font:inherit;padding:10px 14px;border:1px solid var(--sp-line);border-radius:12px;background:var(--sp-paper);color:var(--sp-text)}
.sp-search button{font:inherit;padding:10px 18px;border:0;border-radius:12px;background:#2a6f99;color:#fff}
.sp-chips{display:flex;flex-wrap:wrap;gap:8px}
#served-page .sp-chip{display:inline-block;padding:4px 14px;border-radius:999px;background:var(--sp-chip);color:var(--sp-text);text-decoration:none}
#served-page .sp-chip[aria-current]{background:#2a6f99;color:#fff}
.sp-count{margin:0}
.sp-grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}
.sp-thumb{display:block;aspect-ratio:1;overflow:hidden;border-radius:16px;background:var(--sp-shade)}
.sp-card-name{font-weight:500}
.sp-noimage{width:100%;height:100%}
.sp-pager{display:flex;align-items:center;justify-content:space-between;gap:16px}
.sp-product{display:grid;grid-template-columns:minmax(0,1fr);gap:20px;align-items:start;padding:16px;border:1px solid var(--sp-green-line);border-radius:40px;background:var(--sp-paper)}
.sp-image{aspect-ratio:1;overflow:hidden;border-radius:30px;background:var(--sp-shade)}
.sp-price{font-size:1.1rem}
.sp-price strong{color:var(--sp-accent)}
.sp-description{white-space:pre-line}
.sp-facts{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
.sp-facts dt{color:var(--sp-soft)}
.sp-facts dd{margin:0}
.sp-facts .sp-long{grid-column:1/-1;white-space:pre-line}
.sp-attributes h2{font-size:1.05rem;margin:16px 0 4px}
.sp-nutrition{width:100%;margin-top:16px;border-collapse:collapse}
.sp-nutrition caption{font-weight:700;text-align:start;padding-bottom:4px}
.sp-nutrition th,.sp-nutrition td{padding:4px 8px;border-bottom:1px solid var(--sp-line);text-align:start}
.sp-nutrition thead th{color:var(--sp-soft);font-weight:500}
.sp-nutrition tbody th{font-weight:500}
.sp-nutrition .sp-sub{padding-inline-start:24px;font-weight:400;color:var(--sp-soft)}
.sp-nutrition td{text-align:end}
@media (min-width:600px){.sp-wrap{padding:0 24px}.sp-toolbar{min-height:64px}.sp-main{padding-top:32px}.sp-hero,.sp-scrim{min-height:260px}.sp-scrim{padding:32px}.sp-product{padding:24px}}
@media (min-width:900px){.sp-product{grid-template-columns:minmax(0,5fr) minmax(0,6fr);gap:32px}.sp-title{font-size:2.1rem}}
`;

/**
 * The stylesheet as served: its address (named by a hash of its text), its text, and its compressed
 * copies, made on the first request for each encoding.
 */
export const SERVED_PAGE_STYLESHEET = {
  path: `/served-page.${createHash('sha256').update(CSS).digest('hex').slice(0, 10)}.css`,
  text: CSS,
  copies: {} as CompressedCopies,
};
