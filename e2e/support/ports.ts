/** Where the test stack listens: away from the ports `npm start` uses, so both can run at once. */
export const testPorts = { portal: 3100, district: 4200, billing: 4300, smtp: 2525, mailbox: 2580 } as const;
export const portalUrl = `http://localhost:${testPorts.portal}`;
export const districtApiUrl = `http://127.0.0.1:${testPorts.district}`;
export const mailboxUrl = `http://127.0.0.1:${testPorts.mailbox}`;
/** Access tokens live this long in the test stack, so tests can watch them expire. */
export const ACCESS_TOKEN_TTL_SECONDS = 6;
