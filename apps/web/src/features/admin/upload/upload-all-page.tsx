import { ExportCard } from './export-card';
import { UploadPage } from './upload-page';

/** Spec section 2, Upload Data (all): just a CSV; plus the catalogue export (improvement 10). */
export function UploadAllPage() {
  return (
    <UploadPage kind="all" target={{}}>
      <ExportCard />
    </UploadPage>
  );
}
