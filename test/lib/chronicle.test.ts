// The platform's sentences of the chronicle, in both languages, where a count changes the words.
import t from 'tap'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { platformSentence } from '../../src/lib/chronicle.ts'

t.test("#50 the bot's day in the chronicle: how many orders it gave, and a day it gave none", async (t) => {
  const names = new Map([['tribe-1', 'Vettones']])
  const said = (lang: 'en' | 'es', orders: number) => platformSentence('order.bot', { tribe: 'tribe-1', orders }, names, CATALOGUE[lang])
  t.equal(said('en', 0), "The bot played Vettones's day and gave no orders.")
  t.equal(said('en', 1), 'The bot gave 1 order for Vettones.')
  t.equal(said('en', 3), 'The bot gave 3 orders for Vettones.')
  t.equal(said('es', 0), 'El bot jugó el día de Vettones sin dar órdenes.')
  t.equal(said('es', 1), 'El bot dio 1 orden por Vettones.')
  t.equal(said('es', 3), 'El bot dio 3 órdenes por Vettones.')
})
