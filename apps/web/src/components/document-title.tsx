import { useEffect } from 'react'

/** index.html's title: the pages without a title of their own (home, listing) keep it. */
const SHOP_TITLE = 'TechBazaar'

/**
 * The page's title, for the browser tab, history and search results. On the server it draws a
 * `<title>`, which the renderer takes out of the page's markup and the API puts in the head in
 * place of the shell's (entry-server.tsx, web-ssr.ts): crawlers and link previews read the first
 * title of the document. In the browser it sets `document.title` and puts the shop's back when
 * the page goes. A `<title>` drawn in the browser would not take the server's place: Preact (the
 * browser build, decision 48) leaves it in the body, React adds it to the head after it.
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children
    return () => {
      document.title = SHOP_TITLE
    }
  }, [children])
  return import.meta.env.SSR ? <title>{children}</title> : null
}
