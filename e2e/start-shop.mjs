// Starts the shop exactly as `npm start` does, on a throw-away data directory, with a mail
// catcher in this same process so the tests can read the OTP mails the shop really sends.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { startMailCatcher } from './mail-catcher.mjs'
import { root, startShop } from './shop-process.mjs'

const dataDir = path.join(root, '.data/e2e')
rmSync(dataDir, { recursive: true, force: true })
const catcher = await startMailCatcher()
// The payout journey moves the shop's clock past a return window (it runs last).
const shop = startShop({ DATA_DIR: dataDir, SMTP_URL: catcher.smtpUrl, SHOP_CLOCK_CONTROL: 'true' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shop.kill(signal))
shop.on('exit', (code) => {
  void catcher.close().finally(() => process.exit(code ?? 0))
})
