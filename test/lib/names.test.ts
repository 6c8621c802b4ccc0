// What a GM wrote, as a stranger's invitation may carry it (#30): every link and address out.
import t from 'tap'
import { withoutLinks } from '../../src/lib/names.ts'

t.test('links, domains and mail addresses are cut out; words and names stay', async (t) => {
  const cases: [string, string][] = [
    ['Buy cheap pills at evil.example', 'Buy cheap pills at …'],
    ['See https://x.example/path?q=1 now', 'See … now'],
    ['www.spam.test!', '…'],
    ['write to me@y.example', 'write to …'],
    ['ftp://files.example', '…'],
    ['sub.domain.example.org/x', '…'],
    ['Liga del norte: jueves a las 21.30', 'Liga del norte: jueves a las 21.30'],
    ['Mesa de Ana & Luis', 'Mesa de Ana & Luis'],
    ['Campaña nº 3. Todos bienvenidos', 'Campaña nº 3. Todos bienvenidos'],
  ]
  for (const [text, shown] of cases) t.equal(withoutLinks(text), shown, text)
})
