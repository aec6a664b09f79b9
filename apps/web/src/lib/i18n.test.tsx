import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './i18n';
import { usePreferences } from './preferences-store';

function Texts({ files }: { files: number }) {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      <span>{t('catalog.main.results', { count: 7 })}</span>
      {/* An admin text: added when the admin area loads (the test setup adds them). */}
      <span>{t('images.chosen', { count: files, size: '1 MB' })}</span>
    </p>
  );
}

describe('useTranslation', () => {
  it('renders the texts again in the language the person switches to', () => {
    render(<Texts files={1} />);
    expect(screen.getByText('Products found: 7')).toBeInTheDocument();
    expect(screen.getByText('1 file chosen (1 MB)')).toBeInTheDocument();

    act(() => usePreferences.getState().setLanguage('ar'));
    expect(screen.getByText('عدد المنتجات: 7')).toBeInTheDocument();
    expect(screen.getByText('ملف مختار واحد (1 MB)')).toBeInTheDocument();
    expect(screen.getByText('عدد المنتجات: 7').parentElement).toHaveAttribute('lang', 'ar');
  });

  it('shows the plural form of the count in each language', () => {
    usePreferences.setState({ language: 'ar' });
    const { rerender } = render(<Texts files={5} />);
    // Arabic's "few" form (3 to 10), then its "many" form (11 to 99): the noun agrees with the number.
    expect(screen.getByText('5 ملفات مختارة (1 MB)')).toBeInTheDocument();
    rerender(<Texts files={11} />);
    expect(screen.getByText('11 ملفًا مختارًا (1 MB)')).toBeInTheDocument();
    act(() => usePreferences.getState().setLanguage('en'));
    rerender(<Texts files={5} />);
    expect(screen.getByText('5 files chosen (1 MB)')).toBeInTheDocument();
  });

  it('checks keys against the English messages', () => {
    function Wrong() {
      const { t } = useTranslation();
      // @ts-expect-error: no such text
      return <span>{t('catalog.main.noSuchText')}</span>;
    }
    render(<Wrong />);
    expect(screen.getByText('catalog.main.noSuchText')).toBeInTheDocument();
  });
});
