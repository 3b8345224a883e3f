// The bull-board page of set 8: a small Express server mounting bull-board (npm @bull-board/express +
// @bull-board/api, under /opt/fs8/bullboard) over three BullMQ queues of a print shop, seeded on start
// into its own redis-server:
//   node bullboard-server.mjs <http port> <redis port>
// Seed (see README.md): render-pdf (3 completed, 2 failed), send-email (3 waiting, 1 delayed by a day),
// nightly-backup (paused, 2 waiting). Jobs are processed once by a worker that is closed before the
// server starts listening (their times are then moved two hours back), so nothing changes on its own
// afterwards.
import { createRequire } from 'node:module';

const require = createRequire('/opt/fs8/bullboard/');
const express = require('express');
const { Queue, Worker, QueueEvents } = require('bullmq');
const { createBullBoard } = require('@bull-board/api');
const { BullMQAdapter } = require('@bull-board/api/bullMQAdapter');
const { ExpressAdapter } = require('@bull-board/express');

const [port, redisPort] = process.argv.slice(2).map(Number);
const connection = { host: '127.0.0.1', port: redisPort, maxRetriesPerRequest: null };

const render = new Queue('render-pdf', { connection });
const email = new Queue('send-email', { connection });
const backup = new Queue('nightly-backup', { connection });

// render-pdf: five jobs, run once by a worker: three succeed, two fail.
const RENDER = [
  ['brochure', { order: 'HP-1041', customer: 'Tidewater Cafe', pages: 8 }],
  ['poster', { order: 'HP-1042', customer: 'Gull Island Ferry', pages: 1 }],
  ['business-cards', { order: 'HP-1043', customer: 'Marta Okafor', pages: 2, font: 'Garamond Pro' }],
  ['menu', { order: 'HP-1044', customer: 'Tidewater Cafe', pages: 4 }],
  ['wedding-invitation', { order: 'HP-1045', customer: 'J. & L. Brennan', pages: 2, font: 'Copperplate Script' }],
];
for (const [name, data] of RENDER) await render.add(name, data, { attempts: 1, removeOnComplete: false, removeOnFail: false });
const done = new Promise((resolve) => {
  let n = 0;
  const w = new Worker('render-pdf', async (job) => {
    await job.log(`rendering ${job.data.pages} page(s) for ${job.data.order}`);
    await job.updateProgress(100);
    if (job.data.font) throw new Error(`Font '${job.data.font}' is not installed on the print server`);
    return { file: `${job.data.order}.pdf`, sizeKb: job.data.pages * 120 };
  }, { connection, concurrency: 1 });
  const count = () => { if (++n === RENDER.length) resolve(w); };
  w.on('completed', count);
  w.on('failed', count);
});
const worker = await done;
await worker.close();
// Move the render jobs two hours into the past (bull-board's "Clean all" leaves jobs younger than 5 s alone).
{
  const redis = await render.client;
  const shift = 2 * 3600 * 1000;
  for (const state of ['completed', 'failed']) {
    const key = `bull:render-pdf:${state}`;
    const entries = await redis.zrange(key, 0, -1, 'WITHSCORES');
    for (let i = 0; i < entries.length; i += 2) {
      const id = entries[i];
      const job = await redis.hmget(`bull:render-pdf:${id}`, 'timestamp', 'processedOn', 'finishedOn');
      await redis.hset(`bull:render-pdf:${id}`, 'timestamp', Number(job[0]) - shift, 'processedOn', Number(job[1]) - shift, 'finishedOn', Number(job[2]) - shift);
      await redis.zadd(key, Number(entries[i + 1]) - shift, id);
    }
  }
}

// send-email: three waiting, one delayed by a day.
await email.add('order-confirmation', { to: 'orders@tidewater-cafe.example', order: 'HP-1041' });
await email.add('proof-ready', { to: 'marta.okafor@example.org', order: 'HP-1043' });
await email.add('invoice', { to: 'accounts@gullferry.example', order: 'HP-1042', amount: '184.00' });
await email.add('pickup-reminder', { to: 'brennan.wedding@example.com', order: 'HP-1045' }, { delay: 24 * 3600 * 1000 });

// nightly-backup: paused, two jobs waiting.
await backup.pause();
await backup.add('archive-proofs', { folder: '/srv/proofs', keepDays: 30 });
await backup.add('archive-invoices', { folder: '/srv/invoices', keepDays: 365 });

const serverAdapter = new ExpressAdapter();
serverAdapter.setBasePath('/');
createBullBoard({
  queues: [new BullMQAdapter(render), new BullMQAdapter(email), new BullMQAdapter(backup)],
  serverAdapter,
  options: { uiConfig: { boardTitle: 'Harbor Print Works' } },
});
const app = express();
app.use('/', serverAdapter.getRouter());
const server = app.listen(port, '127.0.0.1');
const quit = async () => { server.close(); await Promise.allSettled([render.close(), email.close(), backup.close()]); process.exit(0); };
process.on('SIGTERM', quit);
process.on('SIGINT', quit);
