// Open Wars' chronicle tells tick 0's deal the same however its record came back from the log's
// jsonb (#47): the tribes by their new weekday, not by the order of the record's keys.
import t from 'tap'
import { openwarsSentence } from '../../../src/faces/openwars/chronicle.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

t.test('W3.7 #47 the muster tells the tribes in the order of their new weekdays', async (t) => {
  const names = new Map([
    ['t-b', 'Bárbaros de ben'],
    ['t-a', 'Orcos de ana'],
  ])
  const told = (weekdays: Record<string, string>) =>
    openwarsSentence('mustered', { type: 'mustered', weekdays, values: { 't-a': 59, 't-b': 58 } }, names, CATALOGUE.es)
  const written = told({ 't-b': 'monday', 't-a': 'wednesday' })
  t.equal(told({ 't-a': 'wednesday', 't-b': 'monday' }), written, 'one sentence for both orders')
  t.ok(written.indexOf('ben') < written.indexOf('ana'), `Monday's tribe first: ${written}`)
})
