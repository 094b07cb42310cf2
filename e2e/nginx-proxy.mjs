// The compose stack's front door for the scale-out e2e run: the shipped nginx configuration
// (deploy/nginx/default.conf.template, which compose's `proxy` service loads) rendered with this
// machine's ports and run by Debian's nginx binary as an ordinary foreground process. Its
// config, pid file, temp files and access log live in one directory of its own, so it needs no
// root and touches nothing of the system's nginx. The access log names the upstream that served
// each request (`$upstream_addr`), which is how e2e/scaleout/round-robin.spec.ts proves the round
// robin.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { root } from './shop-process.mjs'

export const TEMPLATE = path.join(root, 'deploy/nginx/default.conf.template')
/** The access log's file name in the run's directory; one JSON object per request. */
export const ACCESS_LOG = 'access.log'

/**
 * What the official nginx image does to a template (envsubst with the defined variables): every
 * `${NAME}` or `$NAME` whose NAME is given is replaced; nginx's own variables are not given and
 * stay. A `${NAME}` left over means the template wants a value this run does not give.
 */
export function renderTemplate(text, vars) {
  const rendered = text.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (whole, braced, bare) => {
    const name = braced ?? bare
    return Object.hasOwn(vars, name) ? String(vars[name]) : whole
  })
  const missing = new Set([...rendered.matchAll(/\$\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]))
  if (missing.size) throw new Error(`nginx template: no value for ${[...missing].join(', ')}`)
  return rendered
}

/** The image's nginx.conf, trimmed to what one unprivileged run needs, around the template. */
function mainConfig(dir) {
  const at = (name) => path.join(dir, name)
  return `# Written by e2e/nginx-proxy.mjs for one scale-out run.
# One worker, so the round robin is a single sequence (each worker keeps its own).
worker_processes 1;
pid ${at('nginx.pid')};
error_log stderr warn;

events {
    worker_connections 256;
}

http {
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${at('client_body')};
    proxy_temp_path ${at('proxy')};
    fastcgi_temp_path ${at('fastcgi')};
    uwsgi_temp_path ${at('uwsgi')};
    scgi_temp_path ${at('scgi')};
    # The shipped servers name their own access log (moved into this directory, below).
    access_log off;

    include ${at('default.conf')};
}
`
}

function nginxBinary() {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN
  // Debian's path; /usr/sbin is often not on an unprivileged user's PATH.
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
}

/** Resolves once something accepts connections on host:port; rejects if `child` exits first. */
async function waitForPort(host, port, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}) before it listened`)
    }
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host, port })
      socket.once('connect', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nginx did not listen on ${host}:${port} within ${timeoutMs / 1000} s`)
}

/**
 * Renders the template into `dir` (emptied first) and starts nginx on `host:port` in front of
 * `upstreams` (two `host:port` addresses, in compose's app1/app2 places). The S3 host's block is
 * rendered and loaded as in compose; this run keeps images on disk, so it points at a port where
 * nothing listens. Resolves once nginx listens.
 */
export async function startNginx({ dir, host = '127.0.0.1', port, upstreams }) {
  if (upstreams.length !== 2) throw new Error('the shipped nginx config has two app upstreams')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // When started as root, nginx's workers run as nobody and must reach their temp directories.
  chmodSync(dir, 0o755)
  const site = renderTemplate(readFileSync(TEMPLATE, 'utf8'), {
    PROXY_LISTEN: `${host}:${port}`,
    APP1_UPSTREAM: upstreams[0],
    APP2_UPSTREAM: upstreams[1],
    S3_UPSTREAM: '127.0.0.1:9',
    S3_HOST: 's3.scaleout.localhost',
  })
  // The shipped access log (JSON, with the upstream that answered), in this run's directory:
  // e2e/scaleout/round-robin.spec.ts reads it.
  writeFileSync(
    path.join(dir, 'default.conf'),
    site.replaceAll('/var/log/nginx/access.log', path.join(dir, ACCESS_LOG)),
  )
  const config = path.join(dir, 'nginx.conf')
  writeFileSync(config, mainConfig(dir))

  const child = spawn(
    nginxBinary(),
    ['-p', `${dir}/`, '-c', config, '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  const spawned = new Promise((resolve, reject) => {
    child.once('spawn', resolve)
    child.once('error', (error) =>
      reject(new Error(`could not run nginx (${error.message}); apt-get install nginx`)),
    )
  })
  await spawned
  try {
    await waitForPort(host, port, child)
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL')
    throw error
  }

  return {
    child,
    accessLog: path.join(dir, ACCESS_LOG),
    /** Requests per upstream address so far, from the access log. */
    counts() {
      const counts = {}
      for (const entry of readAccessLog(path.join(dir, ACCESS_LOG))) {
        const upstream = entry.upstream && entry.upstream !== '-' ? entry.upstream : '(nginx)'
        counts[upstream] = (counts[upstream] ?? 0) + 1
      }
      return counts
    },
    /** Fast shutdown (SIGTERM); resolves when nginx has exited. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** The access log's entries, oldest first (nginx writes a line as it finishes a request). */
export function readAccessLog(file) {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}
