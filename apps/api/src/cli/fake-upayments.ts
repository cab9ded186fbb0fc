// Runs the UPayments test double (src/integrations/upayments/fake-upayments.ts) for a journey by
// hand: point the shop at it and pay, fail or cancel on its hosted page.
// Usage: npm run upayments:fake -- --port 4010 [--api-key KEY] [--public-host localhost:4010]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startFakeUpayments } from '../integrations/upayments/fake-upayments.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'api-key': { type: 'string' },
    'public-host': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port must be a whole number between 0 and 65535');
  process.exit(1);
}
const apiKey = values['api-key'] ?? `fake-upayments-${randomBytes(12).toString('hex')}`;
const fake = await startFakeUpayments({
  apiKey,
  port,
  ...(values['public-host'] === undefined ? {} : { publicHost: values['public-host'] }),
});
console.log(
  `UPayments test double listening on ${fake.origin} (hosted payment page: ${fake.origin}/pay)`,
);
console.log('Start the shop with:');
console.log(`  UPAYMENTS_API_URL=${fake.url}`);
console.log(`  UPAYMENTS_API_KEY=${apiKey}`);
console.log('Ctrl+C stops it.');

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
