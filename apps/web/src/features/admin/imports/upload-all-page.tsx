import { ExportCard } from './export-card';
import { UploadPage } from './upload-page';

/** Upload Data (all): just a CSV; plus the catalogue export. */
export function UploadAllPage() {
  return (
    <UploadPage kind="all" target={{}}>
      <ExportCard />
    </UploadPage>
  );
}
