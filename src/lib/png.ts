// An SVG drawn as a PNG (#30): mail clients show no SVG, so the payout mail carries its map as a
// PNG. resvg (Rust, prebuilt per platform as an optional npm dependency; no install script, no
// download) draws it with the machine's fonts, off the event loop (libuv's thread pool).
import { renderAsync } from '@resvg/resvg-js'

export interface Png {
  png: Buffer
  width: number
  height: number
}

/** The SVG at `width` pixels wide on white, with `css` added to its own style (what its classes need off the page). */
export async function svgToPng(svg: string, css: string, width: number): Promise<Png> {
  const styled = css ? svg.replace(/^(<svg\b[^>]*>)/, (open) => `${open}<style>${css}</style>`) : svg
  const image = await renderAsync(styled, {
    fitTo: { mode: 'width', value: width },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
  return { png: image.asPng(), width: image.width, height: image.height }
}
