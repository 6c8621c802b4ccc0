// A conquest state as it is stored (#47). Each of the 42 territories holds two stocks of the
// fourteen goods (G4), nearly all of them none: they were two thirds of a stored state's 22 kB,
// which the weekly tick writes and reads for every campaign. Stored, a stock names only the goods
// it holds; read back, it has every good again, in the order a new stock lists them.
import type { StateStorage } from '../../kernel/ruleset.ts'
import type { ConquestState, Goods, Territory } from './types.ts'
import { emptyGoods } from './work.ts'

function held(goods: Goods): Partial<Goods> {
  const out: Partial<Goods> = {}
  for (const [good, amount] of Object.entries(goods) as [keyof Goods, number][]) if (amount !== 0) out[good] = amount
  return out
}

const whole = (stored: Partial<Goods>): Goods => ({ ...emptyGoods(), ...stored })

function eachTerritory(territories: Record<string, Territory>, change: (goods: Goods) => Goods | Partial<Goods>): Record<string, Territory> {
  const out: Record<string, Territory> = {}
  for (const [id, territory] of Object.entries(territories))
    out[id] = { ...territory, stock: change(territory.stock) as Goods, incoming: change(territory.incoming) as Goods }
  return out
}

export const storage: StateStorage<ConquestState> = {
  pack: (state) => ({ ...state, territories: eachTerritory(state.territories, held) }),
  unpack: (stored) => {
    const state = stored as ConquestState
    return { ...state, territories: eachTerritory(state.territories, whole) }
  },
}
