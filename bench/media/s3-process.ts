// An S3 API server (s3rver) in its own process, as an object store is: the bench reads its CPU time
// apart from the Dalil server's and its own. Started by run.ts; sends its settings once listening.
import { startS3 } from '../../apps/server/test/s3-server';

const s3 = await startS3();
process.send!({ env: s3.env });
process.on('disconnect', () => void s3.close().then(() => process.exit(0)));
