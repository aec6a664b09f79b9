// `npm run dev`: the server with tsx watch (port 3000) and Vite's dev server (proxying /api and /media).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@dalil/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@dalil/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
