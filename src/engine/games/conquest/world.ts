// The fixed board of world conquest (RULES-CONQUEST.md, Appendix A): 42 territories in 6
// continents, 82 links, and the distances the long-range rules read (G1.5), computed once.
export type ContinentId = 'NA' | 'SA' | 'EU' | 'AF' | 'AS' | 'OC'
export type Intermediate = 'oil' | 'net' | 'lithium' | 'nuclear' | 'tribes' | 'treasure'
export type ResourceId = 'basic' | 'oil' | 'net' | 'lithium' | 'nuclear' | 'tribes' | 'tech' | 'niobium' | 'virus' | 'labour'
export type WeaponId = 'tank' | 'artillery' | 'missile' | 'bio'

export const RESOURCES: readonly ResourceId[] = ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour']
export const WEAPONS: readonly WeaponId[] = ['tank', 'artillery', 'missile', 'bio']
export const CONTINENTS: readonly ContinentId[] = ['NA', 'SA', 'EU', 'AF', 'AS', 'OC']

/** G4.1: each continent's rare resource; Europa and Oceanía have none. */
export const RARE: Record<ContinentId, ResourceId | null> = { NA: 'tech', SA: 'niobium', EU: null, AF: 'virus', AS: 'labour', OC: null }

export interface TerritoryDef {
  id: string
  name: string
  continent: ContinentId
  coastal: boolean
  intermediate: Intermediate
}

const TABLE: [string, string, ContinentId, boolean, Intermediate][] = [
  ['ala', 'Alaska', 'NA', true, 'oil'],
  ['mac', 'Mackenzie', 'NA', true, 'oil'],
  ['gro', 'Groelandia', 'NA', true, 'net'],
  ['van', 'Vancouver', 'NA', true, 'oil'],
  ['ott', 'Ottawa', 'NA', true, 'net'],
  ['lab', 'Labrador', 'NA', true, 'oil'],
  ['cal', 'California', 'NA', true, 'net'],
  ['nyk', 'Nueva York', 'NA', true, 'net'],
  ['mex', 'México', 'NA', true, 'oil'],
  ['vce', 'Venezuela-Colombia-Ecuador', 'SA', true, 'oil'],
  ['cbp', 'Chile-Bolivia-Perú', 'SA', true, 'lithium'],
  ['bra', 'Brasil', 'SA', true, 'oil'],
  ['apu', 'Argentina-Paraguay-Uruguay', 'SA', true, 'lithium'],
  ['isl', 'Islandia', 'EU', true, 'nuclear'],
  ['ing', 'Inglaterra', 'EU', true, 'nuclear'],
  ['sue', 'Suecia', 'EU', true, 'nuclear'],
  ['ale', 'Alemania', 'EU', true, 'nuclear'],
  ['efi', 'España-Francia-Italia', 'EU', true, 'nuclear'],
  ['pyu', 'Polonia-Yugoslavia', 'EU', true, 'nuclear'],
  ['mos', 'Moscú', 'EU', false, 'nuclear'],
  ['arn', 'Argelia-Nigeria', 'AF', true, 'oil'],
  ['egi', 'Egipto', 'AF', true, 'oil'],
  ['sud', 'Sudán', 'AF', true, 'oil'],
  ['con', 'El Congo', 'AF', true, 'tribes'],
  ['asu', 'África del Sur', 'AF', true, 'tribes'],
  ['mad', 'Madagascar', 'AF', true, 'tribes'],
  ['mor', 'Medio Oriente', 'AS', true, 'oil'],
  ['ara', 'Aral', 'AS', false, 'oil'],
  ['oms', 'Omsk', 'AS', false, 'oil'],
  ['dud', 'Dudinka', 'AS', true, 'oil'],
  ['sib', 'Siberia', 'AS', true, 'oil'],
  ['tch', 'Tchita', 'AS', false, 'oil'],
  ['vla', 'Vladivostok', 'AS', true, 'oil'],
  ['mon', 'Mongolia', 'AS', false, 'oil'],
  ['jap', 'Japón', 'AS', true, 'oil'],
  ['chi', 'China', 'AS', true, 'oil'],
  ['ind', 'India', 'AS', true, 'oil'],
  ['vie', 'Vietnam', 'AS', true, 'oil'],
  ['sum', 'Sumatra', 'OC', true, 'treasure'],
  ['bor', 'Borneo', 'OC', true, 'treasure'],
  ['ngu', 'Nueva Guinea', 'OC', true, 'treasure'],
  ['aus', 'Australia', 'OC', true, 'treasure'],
]

/** A.2, each link once; `~` marks a sea link. */
export const EDGES = `
ala-mac ala-van ala-sib~ mac-van mac-ott mac-gro~ gro-ott~ gro-lab~ gro-isl~ van-ott
van-cal ott-cal ott-nyk ott-lab lab-nyk cal-nyk cal-mex nyk-mex mex-vce
vce-cbp vce-bra cbp-bra cbp-apu bra-apu bra-arn~
isl-ing~ isl-sue~ ing-sue~ ing-ale~ ing-efi~ sue-ale~ sue-mos ale-efi ale-pyu ale-mos
efi-pyu efi-arn~ pyu-mos pyu-mor pyu-egi~ mos-oms mos-ara mos-mor
arn-egi arn-sud arn-con egi-sud egi-mor sud-con sud-asu sud-mad~ sud-mor~ con-asu asu-mad~
mor-ara mor-ind ara-oms ara-chi ara-ind oms-dud oms-chi dud-sib dud-tch dud-mon
dud-chi sib-tch sib-vla tch-vla tch-mon vla-mon vla-jap~ mon-chi chi-jap~ chi-ind
chi-vie ind-vie vie-sum~
sum-bor~ sum-aus~ bor-ngu~ bor-aus~ ngu-aus~
`
  .trim()
  .split(/\s+/)
  .map((link) => {
    const sea = link.endsWith('~')
    const [a, b] = link.replace('~', '').split('-') as [string, string]
    return { a, b, sea }
  })

export const TERRITORIES: readonly TerritoryDef[] = TABLE.map(([id, name, continent, coastal, intermediate]) => ({
  id,
  name,
  continent,
  coastal,
  intermediate,
}))
export const TERRITORY_IDS: readonly string[] = TERRITORIES.map((t) => t.id)
export const BY_ID: ReadonlyMap<string, TerritoryDef> = new Map(TERRITORIES.map((t) => [t.id, t]))

export const NEIGHBOURS: ReadonlyMap<string, readonly string[]> = (() => {
  const n = new Map<string, string[]>(TERRITORY_IDS.map((id) => [id, []]))
  for (const { a, b } of EDGES) {
    n.get(a)!.push(b)
    n.get(b)!.push(a)
  }
  return n
})()

/** Fewest links between two territories, over every territory (`all`) or only coastal ones (G1.5). */
function distances(all: boolean): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const table = new Map<string, Map<string, number>>()
  for (const start of TERRITORY_IDS) {
    const seen = new Map<string, number>()
    if (all || BY_ID.get(start)!.coastal) {
      seen.set(start, 0)
      const queue = [start]
      while (queue.length > 0) {
        const at = queue.shift()!
        for (const next of NEIGHBOURS.get(at)!) {
          if (seen.has(next) || (!all && !BY_ID.get(next)!.coastal)) continue
          seen.set(next, seen.get(at)! + 1)
          queue.push(next)
        }
      }
    }
    table.set(start, seen)
  }
  return table
}

const DISTANCE = distances(true)
const SEA_DISTANCE = distances(false)

export const distance = (a: string, b: string): number => DISTANCE.get(a)!.get(b)!
/** Infinity when either end is inland (no sea path). */
export const seaDistance = (a: string, b: string): number => SEA_DISTANCE.get(a)!.get(b) ?? Infinity
export const adjacent = (a: string, b: string): boolean => NEIGHBOURS.get(a)!.includes(b)
export const isTerritory = (id: unknown): id is string => typeof id === 'string' && BY_ID.has(id)
export const territoriesOf = (continent: ContinentId): string[] => TERRITORIES.filter((t) => t.continent === continent).map((t) => t.id)
