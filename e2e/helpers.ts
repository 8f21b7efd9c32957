// The specs' helpers, one module under support/ for each thing they do; specs import them
// from here.
export { expectAccessible, expectActive } from './support/accessibility';
export {
  addZone,
  boardAspect,
  defendAs,
  drag,
  moveWithTheRoll,
  showHandout,
  zoneItem,
} from './support/board';
export { KAI, KAI_SKILLS, MARA, VEX, VEX_SKILLS } from './support/characters';
export { chat, chatMessage, chatSay, groupAtChat, openChat } from './support/chat';
export { attackWithTray, concede, defendWithLowest } from './support/dice';
export { askTheTable, openTheVote, vote, type Stance } from './support/declarations';
export { englishOn } from './support/english';
export { fixture } from './support/fixtures';
export { adjust } from './support/gm-tools';
export {
  HD,
  openHeldOverlay,
  openOverlay,
  overlayMoment,
  spectatorAndHeldOverlay,
} from './support/overlay';
export {
  atTheBellTower,
  createCharacter,
  guardAcrossTheRooftops,
  guardAttacksKai,
  helpedLeapOnEveryScreen,
  leapTray,
  rooftopCrew,
  rooftopKai,
  rooftopsOfVarn,
  rooftopVex,
  writeTheGuard,
} from './support/rooftops';
export {
  createTable,
  inviteLinks,
  joinAndCreate,
  openAs,
  PHONE,
  takeSeat,
  TOUCH,
  type Links,
  type Viewport,
} from './support/seats';
export {
  aspectRatings,
  characterCard,
  createTheCharacter,
  fillSheet,
  fillTemplate,
  ratingTotal,
  type Build,
  type SheetPicks,
} from './support/sheets';
export { heights, onFirstScreen, uncovered } from './support/layout';
export {
  aspectOn,
  consequenceOn,
  logOf,
  newRollCard,
  openOnPhone,
  openTab,
  patientExpect,
  shiftsOf,
  totalOf,
} from './support/play';
export { SCREENSHOTS, shot } from './support/shots';
export {
  cleoAlone,
  deeAndKim,
  openGroup,
  tableWithTwoPlayers,
  usualGroup,
  watchedTableWithTwoPlayers,
  type Group,
  type GroupPlan,
  type SeatPlan,
  type TwoPlayerTable,
  type WatchedTable,
} from './support/table-group';
export { commandByHand, pngPicture, recordFrames } from './support/wire';
