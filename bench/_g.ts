import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env.js';
import { startBuiltServer } from './web-serve.js';
const server = await startBuiltServer(3901);
try {
  for (let i = 0; i < Number(process.env.N ?? 2); i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
    try { await lighthouse(server.url + (process.env.P ?? '/registro'), { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], gatherMode: `/work/diag/g${i}` } as any); } catch (e) { console.log(String(e).slice(0, 80)); }
    chrome.kill();
  }
} finally { await server.stop(); }
