// A tiny browser over app.inject: a cookie jar, and forms posted with the CSRF
// token of the last page seen.
import type { FastifyInstance } from 'fastify'

export interface PageResponse {
  status: number
  body: string
  location: string | undefined
}

export function visitor(app: FastifyInstance) {
  const jar = new Map<string, string>()
  let token = ''
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (setCookie: string | string[] | undefined) => {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      const name = pair!.slice(0, i)
      const value = pair!.slice(i + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name)
      else jar.set(name, value)
    }
  }
  const remember = (body: string) => {
    const m = /name="_csrf" value="([^"]+)"/.exec(body)
    if (m) token = m[1]!
  }
  return {
    jar,
    async get(url: string): Promise<PageResponse> {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: cookieHeader(), 'accept-language': 'en' } })
      keep(res.headers['set-cookie'])
      remember(res.body)
      return { status: res.statusCode, body: res.body, location: res.headers.location as string | undefined }
    },
    async post(url: string, form: Record<string, string | string[]>, options: { csrf?: string } = {}): Promise<PageResponse> {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(form)) for (const x of [v].flat()) params.append(k, x)
      params.set('_csrf', options.csrf ?? token)
      const res = await app.inject({
        method: 'POST',
        url,
        payload: params.toString(),
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      })
      keep(res.headers['set-cookie'])
      remember(res.body)
      return { status: res.statusCode, body: res.body, location: res.headers.location as string | undefined }
    },
    async login(email: string, password: string) {
      await this.get('/login')
      const res = await this.post('/login', { email, password, next: '' })
      if (res.status !== 303) throw new Error(`login ${email}: ${res.status} ${res.body.slice(0, 300)}`)
    },
  }
}
