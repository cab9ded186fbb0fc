// Runs the Google Merchant API test double (src/integrations/google-merchant/fake-merchant.ts)
// for a journey by hand: point the shop at it, test the connection, push products.
// Usage: npm run merchant:fake -- --port 4020 [--key-file PATH] [--account-id 123]
//        [--data-source-id 456] [--delay-ms 300]
import { parseArgs } from 'node:util';
import { startFakeMerchant } from '../integrations/google-merchant/fake-merchant.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4020' },
    'key-file': { type: 'string' },
    'account-id': { type: 'string' },
    'data-source-id': { type: 'string' },
    'delay-ms': { type: 'string', default: '0' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port must be a whole number between 0 and 65535');
  process.exit(1);
}
const delayMs = Number(values['delay-ms']);
if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000) {
  console.error('--delay-ms must be a whole number of milliseconds between 0 and 60000');
  process.exit(1);
}
for (const option of ['account-id', 'data-source-id'] as const) {
  const value = values[option];
  if (value !== undefined && !/^\d{1,20}$/.test(value)) {
    console.error(`--${option} must be digits only`);
    process.exit(1);
  }
}
const fake = await startFakeMerchant({
  port,
  delayMs,
  ...(values['key-file'] === undefined ? {} : { keyFile: values['key-file'] }),
  ...(values['account-id'] === undefined ? {} : { accountId: values['account-id'] }),
  ...(values['data-source-id'] === undefined ? {} : { dataSourceId: values['data-source-id'] }),
});
console.log(`Google Merchant API test double listening on ${fake.url}`);
console.log(
  `Service-account key written to ${fake.keyFile} (its token_uri is ${fake.key.tokenUri})`,
);
console.log('Start the shop with:');
console.log(`  GOOGLE_MERCHANT_ACCOUNT_ID=${fake.accountId}`);
console.log(`  GOOGLE_MERCHANT_DATA_SOURCE=${fake.dataSource}`);
console.log(`  GOOGLE_MERCHANT_KEY_FILE=${fake.keyFile}`);
console.log(`  GOOGLE_MERCHANT_API_URL=${fake.url}`);
console.log('Ctrl+C stops it (a key file it created is removed).');

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
