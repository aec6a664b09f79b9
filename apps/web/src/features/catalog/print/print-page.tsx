import './print-texts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { countOf } from '../../../lib/plural';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { PreferenceToggles } from '../../../components/preference-toggles';
import { mediaUrl } from '../../../lib/media';
import { paths } from '../../../lib/paths';
import { useDirection, usePreferences } from '../../../lib/preferences-store';
import { catalogQueryString } from '../catalog-query';
import { printDataQuery, type PrintData } from './print-api';
import { planCatalogue } from './print-plan';
import { CategorySheets, ContentsSheets, CoverSheet } from './print-sheets';
import { printStyles } from './print-styles';

const FONT_FAMILY = '"IBM Plex Sans Arabic", "Segoe UI", system-ui, sans-serif';

function positiveId(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Resolves once every image under `root` has loaded (or failed): only then is the document whole. */
async function imagesSettled(root: HTMLElement): Promise<void> {
  await Promise.all(
    [...root.querySelectorAll('img')].map((image) =>
      // A browser without decode() (or a test DOM) counts the image as settled.
      typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve(),
    ),
  );
  // Text measured in a fallback font would be reflowed once the web font arrives.
  if ('fonts' in document) await document.fonts.ready;
}

/**
 * The printable catalogue of one family (or one of its categories): an A4 document made for the
 * browser's Print and Save as PDF (docs/decisions/0023-printable-catalogue.md).
 */
export function PrintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const family = positiveId(params.get('family'));
  const category = positiveId(params.get('category'));
  const data = useQuery({ ...printDataQuery(family ?? 0, category), enabled: family !== null });
  const [pages, setPages] = useState<number | null>(null);

  if (family === null) return <Navigate to={paths.catalogFamily} replace />;
  return (
    <Box className="dp-screen-backdrop" sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <PrintToolbar family={family} data={data.data} pages={data.data ? pages : null} />
      {data.isError ? (
        <Box sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
          {/* An unknown family (or category) is an answer, not a failure: trying again cannot help. */}
          {isApiError(data.error) && data.error.status === 404 ? (
            <Alert severity="warning">{t('catalog.print.unknownFamily')}</Alert>
          ) : (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={() => void data.refetch()}>
                  {t('catalog.print.retry')}
                </Button>
              }
            >
              {t('catalog.print.loadFailed')}
            </Alert>
          )}
        </Box>
      ) : data.data ? (
        <PrintDocument data={data.data} family={family} category={category} onReady={setPages} />
      ) : (
        <CenteredSpinner label={t('catalog.print.preparing')} fullPage={false} />
      )}
    </Box>
  );
}

interface PrintToolbarProps {
  family: number;
  data: PrintData | undefined;
  /** Page count once the document is ready to print; null while it is being prepared. */
  pages: number | null;
}

function PrintToolbar({ family, data, pages }: PrintToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const direction = useDirection();
  const language = usePreferences((s) => s.language);
  return (
    <Box
      role="toolbar"
      aria-label={t('catalog.print.toolbar')}
      className="dp-screen-only"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 1.5, sm: 3 },
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        '@media print': { display: 'none' },
      }}
    >
      <Button
        startIcon={<ArrowBack sx={{ transform: direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
        onClick={() => {
          // Back where the visitor came from; a new tab (the admin's Print) has nowhere to go back to.
          if (window.history.length > 1) void navigate(-1);
          else
            void navigate(
              `${paths.catalogMain}${catalogQueryString({ family, search: '', category: null, page: 1 })}`,
            );
        }}
      >
        {t('catalog.print.back')}
      </Button>
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', flex: '1 1 auto', minWidth: 0 }}>
        {t('catalog.print.title')}
        {data && ` · ${data.family.name[language]}`}
      </Typography>
      <Typography role="status" variant="body2" color="text.secondary">
        {pages === null
          ? t('catalog.print.preparing')
          : t('catalog.print.ready', { pages: countOf(t, language, 'pages', pages) })}
      </Typography>
      <PreferenceToggles />
      <Button
        variant="contained"
        startIcon={<PrintOutlined />}
        disabled={pages === null}
        onClick={() => window.print()}
      >
        {t('catalog.print.print')}
      </Button>
    </Box>
  );
}

interface PrintDocumentProps {
  data: PrintData;
  family: number;
  category: number | null;
  /** Told the page count once every image has loaded, null while the document is being prepared. */
  onReady: (pages: number | null) => void;
}

function PrintDocument({ data, family, category, onReady }: PrintDocumentProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const direction = useDirection();
  const root = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const plan = useMemo(() => planCatalogue(data.categories, data.products, language), [data, language]);
  const name = data.family.name[language];
  const categoryName = category === null ? null : (data.categories[0]?.name[language] ?? null);
  const catalogueUrl = new URL(
    `${paths.catalogMain}${catalogQueryString({ family, search: '', category, page: 1 })}`,
    window.location.origin,
  ).href;

  const css = useMemo(() => {
    const [before = '', between = ''] = t('catalog.print.pageOf', { page: '\u0000', pages: '\u0000' }).split(
      '\u0000',
    );
    return printStyles({
      direction,
      header: name,
      logoUrl: data.family.logo ? mediaUrl(data.family.logo, 160) : null,
      pageWords: [before, between],
      fontFamily: FONT_FAMILY,
    });
  }, [t, direction, name, data.family.logo]);

  useEffect(() => {
    // The browser names a saved PDF after the document's title.
    document.title = `${name} · ${t('catalog.print.catalogue')}`;
  }, [name, t]);

  useEffect(() => {
    let live = true;
    const node = root.current;
    if (node)
      void imagesSettled(node).then(() => {
        if (!live) return;
        setReady(true);
        onReady(plan.pageCount);
      });
    return () => {
      live = false;
      setReady(false);
      onReady(null);
    };
  }, [plan, onReady]);

  return (
    <>
      <style>{css}</style>
      <div
        ref={root}
        className="dp dp-canvas"
        dir={direction}
        lang={language}
        aria-busy={!ready}
        data-ready={ready ? 'true' : 'false'}
        data-pages={plan.pageCount}
      >
        <CoverSheet
          data={data}
          plan={plan}
          language={language}
          catalogueUrl={catalogueUrl}
          categoryName={categoryName}
        />
        <ContentsSheets data={data} plan={plan} language={language} />
        {plan.sections.length === 0 && (
          <Typography sx={{ textAlign: 'center', my: 4 }}>{t('catalog.print.empty')}</Typography>
        )}
        {plan.sections.map((section) => (
          <CategorySheets
            key={section.category.id}
            section={section}
            data={data}
            plan={plan}
            language={language}
          />
        ))}
      </div>
    </>
  );
}
