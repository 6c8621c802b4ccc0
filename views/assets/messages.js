// ICU messages in the browser (#27): the server's library (intl-messageformat) for the pages'
// scripts, so a count on the map reads "1 troop" as on the server. A module, run in order with
// the deferred scripts after it.
import { IntlMessageFormat } from '/assets/vendor/intl-messageformat.js'

window.IntlMessageFormat = IntlMessageFormat
