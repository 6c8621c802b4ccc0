// El Mapa's bot (rules M…): its options are whole orders, so it gives them as offered: its heroes
// step out, then it hires and builds with what it holds, five a window, then it ends its turn.
// The battle plan the options also list it leaves as it is.
import { firstOffered, type Chooser } from './play.ts'

export const elmapa: Chooser = ({ options, given }) =>
  options.ruleset === 'elmapa' && options.options ? firstOffered(options.options.orders, ['step', 'hire', 'build'], given, 5) : null
