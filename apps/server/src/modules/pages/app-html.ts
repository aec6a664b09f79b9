import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VisitorLanguage } from '../../lib/visitor-addresses';

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /[ \t]*<meta\s+name="description"[^>]*>\s*/i;
const HTML_TAG = /<html\b[^>]*>/i;
const ROOT = /<div id="root"><\/div>/i;
/** index.html's first-paint shell, from its element to the app's root that follows it. */
const SHELL = /<div id="boot-shell"[\s\S]*$/i;

/**
 * The built web app's index.html, split once at start where its generic title stands, so each visitor
 * page is answered with the page's own head tags there (and the generic description left out) and
 * <html> in the page's language and direction.
 */
export class AppHtml {
  /** index.html up to the head tags, with <html> in each language. */
  private readonly before: Record<VisitorLanguage, string>;
  /** From the head tags to the app's root element, and from there on: a rendered page goes between. */
  private readonly after: [string, string];
  /** The first part of `after` without the first-paint shell, for pages whose content stands in. */
  private readonly afterWithoutShell: string;
  /** The generic title, for pages that must say nothing of the catalogue. */
  readonly genericTitle: string;

  constructor(html: string) {
    const withoutDescription = html.replace(DESCRIPTION, '');
    const title = TITLE.exec(withoutDescription);
    let before: string;
    let after: string;
    if (title) {
      before = withoutDescription.slice(0, title.index);
      after = withoutDescription.slice(title.index + title[0].length);
      this.genericTitle = title[0];
    } else {
      const head = /<head[^>]*>/i.exec(withoutDescription);
      const at = head ? head.index + head[0].length : 0;
      before = withoutDescription.slice(0, at);
      after = withoutDescription.slice(at);
      this.genericTitle = '<title>Dalil</title>';
    }
    const root = ROOT.exec(after);
    const split = root ? root.index : after.length;
    this.after = [after.slice(0, split), after.slice(split)];
    this.afterWithoutShell = this.after[0].replace(SHELL, '');
    const inLanguage = (language: VisitorLanguage) =>
      before.replace(HTML_TAG, `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    this.before = { ar: inLanguage('ar'), en: inLanguage('en') };
  }

  static read(webDist: string): AppHtml {
    return new AppHtml(readFileSync(join(webDist, 'index.html'), 'utf8'));
  }

  /**
   * The page: `headTags` where the title was, `body` before the app's root, <html> in `language`.
   * Without `shell`, the first-paint shell (which boot.js shows only over a page without content) is
   * left out: a page whose content stands in for the app never shows it.
   */
  render(language: VisitorLanguage, headTags: string, body = '', shell = true): string {
    return (
      this.before[language] +
      headTags +
      (shell ? this.after[0] : this.afterWithoutShell) +
      body +
      this.after[1]
    );
  }
}
