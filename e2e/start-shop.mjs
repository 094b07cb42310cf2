// Starts the shop exactly as `npm start` does, on a throw-away data directory, with a mail
// catcher and an SMS gateway in this same process so the tests can read the OTP mails and SMS
// the shop really sends.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { startMailCatcher } from './mail-catcher.mjs'
import { root, startShop } from './shop-process.mjs'
import { startSmsCatcher } from './sms-catcher.mjs'

const dataDir = path.join(root, '.data/e2e')
rmSync(dataDir, { recursive: true, force: true })
const catcher = await startMailCatcher()
const smsCatcher = await startSmsCatcher()
// The payout journey moves the shop's clock past a return window (it runs last).
const shop = startShop({
  DATA_DIR: dataDir,
  SMTP_URL: catcher.smtpUrl,
  SHOP_CLOCK_CONTROL: 'true',
  ...smsCatcher.env,
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shop.kill(signal))
shop.on('exit', (code) => {
  void Promise.all([catcher.close(), smsCatcher.close()]).finally(() => process.exit(code ?? 0))
})
