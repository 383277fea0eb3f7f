import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env.js';
import { startBuiltServer } from './web-serve.js';
const paths = (process.env.P ?? '/ingresar').split(',');
const N = Number(process.env.N ?? 5);
const server = await startBuiltServer(3901);
const res: Record<string, number[]> = {};
try {
  for (let i = 0; i < N; i++) for (const p of paths) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
    const r = await lighthouse(server.url + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    chrome.kill();
    const lhr = r!.lhr;
    (res[p] ??= []).push(Math.round(lhr.categories.performance!.score! * 100));
    const a = (id: string) => `${id.split('-').map((w) => w[0]).join('')} ${Math.round(lhr.audits[id]!.numericValue!)}(${Math.round(lhr.audits[id]!.score! * 100)})`;
    console.log(p, Math.round(lhr.categories.performance!.score! * 100), ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].map(a).join(' '), 'idx', Math.round(lhr.environment.benchmarkIndex));
  }
} finally { await server.stop(); }
for (const [p, v] of Object.entries(res)) console.log(p, v.join(','), 'median', [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]);
