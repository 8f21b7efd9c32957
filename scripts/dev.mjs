// `pnpm dev`: the table server (tsx watch, restarts on change) and the client (Vite, hot
// reload, proxying /api, /socket.io and /yjs to the server) side by side. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@fateboard/server', 'dev'], { stdio: 'inherit', env: process.env }),
  spawn('pnpm', ['--filter', '@fateboard/client', 'dev'], { stdio: 'inherit', env: process.env }),
];

let stopping = false;
/** @param {number} code */
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
