/** HTML-escapes text for the small server-rendered payment pages. */
export const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A self-contained page (no script: the CSP allows none inline) in the shop's colours. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,23,42,.08);padding:32px;width:min(420px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:20px;margin:0 0 4px}.note{color:#64748b;font-size:14px;margin:0 0 24px}
.amount{font-size:36px;font-weight:700;font-variant-numeric:tabular-nums;margin:8px 0 4px}
.row{display:flex;gap:12px;margin-top:24px}button{flex:1;min-height:44px;border-radius:8px;border:0;font-size:16px;font-weight:600;cursor:pointer}
.wrap{flex-wrap:wrap}.wrap button{flex:1 1 140px}
.pay{background:#2563eb;color:#fff}.fail{background:#fee2e2;color:#b91c1c}a{color:#2563eb}
</style></head><body><main>${body}</main></body></html>`
}
