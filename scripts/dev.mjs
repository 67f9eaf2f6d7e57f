#!/usr/bin/env node
// npm run dev: the API on API_PORT (8081) with reloads, and Vite on 5173 proxying to it.
import { spawn } from 'node:child_process';

const env = { ...process.env, PORT: process.env.API_PORT ?? '8081', STATIC_DIR: '' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
