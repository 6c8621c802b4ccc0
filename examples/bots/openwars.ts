// Open Wars' bot (rules W…): its options are whole orders, so it gives them as offered: a
// recruitment, a march or a spell, five a window, then it ends its turn. The settings the options
// also list (standing, defaults, casualty order) it leaves as they are.
import { firstOffered, type Chooser } from './play.ts'

export const openwars: Chooser = ({ options, given }) =>
  options.ruleset === 'openwars' && options.options ? firstOffered(options.options.orders, ['recruit', 'move', 'cast'], given, 5) : null
