// The ZNC seed of set 10: the znc.conf of the Harbour Sailing Club's shared IRC bouncer (three users, their
// networks and channels), written fresh into each instance's data dir. The networks never connect
// (`IRCConnectEnabled = false`), so nothing leaves the machine.
import { createHash } from 'node:crypto';

export const ZNC_USERS = { nadia: 'Harbour-Lights7', ben: 'Bowline-42', lucia: 'Spinnaker-3' };

const pass = (user) => {
  const salt = `fs10salt-${user}-0123456789`.slice(0, 20);
  return `sha256#${createHash('sha256').update(ZNC_USERS[user] + salt).digest('hex')}#${salt}#`;
};

const chan = (name, extra = []) => [`\t\t<Chan ${name}>`, ...extra.map((l) => `\t\t\t${l}`), '\t\t</Chan>'];

export function zncConfig(port) {
  return [
    'Version = 1.8.2',
    `<Listener listener0>`, `\tPort = ${port}`, '\tIPv4 = true', '\tIPv6 = false', '\tSSL = false', '\tHost = 127.0.0.1', '\tAllowWeb = true', '\tAllowIRC = true', '</Listener>',
    'LoadModule = webadmin',
    'Motd = Welcome aboard the Harbour Sailing Club bouncer',
    'MaxBufferSize = 500',
    `<User nadia>`,
    `\tPass = ${pass('nadia')}`,
    '\tAdmin = true', '\tNick = nadia', '\tAltNick = nadia_', '\tIdent = nadia', '\tRealName = Nadia Okafor',
    '\tQuitMsg = Fair winds', '\tTimezone = Europe/London', '\tBuffer = 200',
    '\tLoadModule = chansaver',
    '\t<Network libera>',
    '\t\tServer = irc.libera.chat +6697', '\t\tIRCConnectEnabled = false',
    ...chan('#harbour-sailing'),
    ...chan('#dinghy-racing'),
    ...chan('#harbour-committee', ['Key = mainsheet', 'Detached = true']),
    '\t</Network>',
    '\t<Network oftc>',
    '\t\tServer = irc.oftc.net +6697', '\t\tIRCConnectEnabled = false',
    ...chan('#sailmakers'),
    '\t</Network>',
    '</User>',
    `<User ben>`,
    `\tPass = ${pass('ben')}`,
    '\tAdmin = false', '\tNick = ben', '\tAltNick = ben_', '\tIdent = ben', '\tRealName = Ben Carver', '\tBuffer = 50',
    '\t<Network libera>',
    '\t\tServer = irc.libera.chat +6697', '\t\tIRCConnectEnabled = false',
    ...chan('#harbour-sailing'),
    '\t</Network>',
    '</User>',
    `<User lucia>`,
    `\tPass = ${pass('lucia')}`,
    '\tAdmin = false', '\tNick = lucia', '\tAltNick = lucia_', '\tIdent = lucia', '\tRealName = Lucia Ferreira',
    '</User>',
    '',
  ].join('\n');
}
