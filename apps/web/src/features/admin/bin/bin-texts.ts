import type { BinEntry } from '@dalil/contracts/bin';
import { useTranslation } from '../../../lib/i18n';
import { countOf, type CountedNoun } from '../../../lib/plural';
import { heldWith, kindOf } from './bin-api';

type Dialog = { action: 'restore' | 'remove'; entry: BinEntry } | { action: 'empty'; count: number };

/** The bin screen's sentences: an entry's name, and each confirmation naming what it acts on. */
export function useBinTexts() {
  const { t, i18n } = useTranslation();
  const nameOf = (entry: BinEntry) => (i18n.language === 'ar' ? entry.name.ar : entry.name.en);
  // In a sentence the name sits in a bidi isolate, so a Latin name does not pull Arabic words along.
  const quoted = (entry: BinEntry) => `\u2068${nameOf(entry)}\u2069`;
  // Counts in words, in the form the number takes ("4 فئات", "منتجان"); synonym groups have no
  // counted noun and keep their label.
  const held = (entry: BinEntry) =>
    heldWith(entry).map(([kind, n]) =>
      kind === 'synonyms'
        ? `${t(`admin.bin.counts.${kind}`)} ${n}`
        : countOf(t, i18n.language, kind as CountedNoun, n),
    );
  const contents = (entry: BinEntry) => held(entry).join(i18n.language === 'ar' ? '، ' : ', ');
  const dialog = (p: Dialog) => {
    if (p.action === 'empty') {
      return {
        title: t('admin.bin.emptyTitle'),
        text: t('admin.bin.emptyText', { count: p.count }),
        confirm: t('admin.bin.empty'),
      };
    }
    const values = {
      kind: t(`admin.bin.kinds.${kindOf(p.entry)}`),
      name: quoted(p.entry),
      contents: contents(p.entry),
    };
    const alone = values.contents === '';
    if (p.action === 'remove') {
      return {
        title: t('admin.bin.removeTitle', values),
        text: t(alone ? 'admin.bin.removeAlone' : 'admin.bin.removeText', values),
        confirm: t('admin.bin.remove'),
      };
    }
    const moved = p.entry.movedProducts;
    return {
      title: t('admin.bin.restoreTitle', values),
      text:
        t(alone ? 'admin.bin.restoreAlone' : 'admin.bin.restoreText', values) +
        (moved > 0 ? ` ${t('admin.bin.restoreMoved', { count: moved })}` : ''),
      confirm: t('admin.bin.restore'),
    };
  };
  return { nameOf, dialog, held };
}
