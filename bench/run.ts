import { benchApiStart } from "./api-start";
import { benchAudit } from "./audit";
import { benchAxe } from "./axe";
import { benchBackup } from "./backup";
import { benchBff } from "./bff";
import { benchCharges } from "./charges";
import { benchSpreadsheet } from "./spreadsheet";
import { benchJwtKey } from "./jwt-key";
import { benchLighthouse } from "./lighthouse";
import { benchLoad } from "./load";
import { benchLogging } from "./logging";
import { benchNotifications } from "./notifications";
import { benchPageWeight } from "./page-weight";
import { benchRegisterTable } from "./register-table";
import { benchSearch } from "./search";
import { benchRolling } from "./rolling";
import { benchSoak } from "./soak";
import { benchStaff } from "./staff";
import { benchStatistics } from "./statistics";
import { benchStudents } from "./students";
import { benchStudentUpload } from "./student-upload";
import { benchStartup } from "./startup";
import { benchSuiteCpu } from "./suite-cpu";
import { benchTransactionLogs } from "./transaction-logs";

/**
 * `npm run bench [startup|api-start|bff|spreadsheet|search|staff|students|students-upload|statistics|jwt-key|transaction-logs|audit|notifications|charges|table|load|soak|rolling|backup|logging|weight|lighthouse|axe|suite-cpu]`: the numbers of the platform and schools issues, measured on this machine.
 * Build the portal first (npm start once) so startup times do not include the build.
 */
const which = process.argv[2] ?? "all";
if (which === "startup" || which === "all") await benchStartup(Number(process.env.BENCH_RUNS ?? 3));
if (which === "api-start" || which === "all") await benchApiStart(Number(process.env.BENCH_RUNS ?? 5));
if (which === "bff" || which === "all") {
  for (const concurrency of (process.env.BENCH_CONCURRENCY ?? "1,8").split(",").map(Number)) {
    await benchBff(Number(process.env.BENCH_ROUNDS ?? 3), Number(process.env.BENCH_SECONDS ?? 10), concurrency);
  }
}
if (which === "spreadsheet" || which === "all") await benchSpreadsheet(Number(process.env.BENCH_RUNS ?? 3));
if (which === "search" || which === "all") await benchSearch(Number(process.env.BENCH_RUNS ?? 20));
if (which === "staff" || which === "all") await benchStaff(Number(process.env.BENCH_RUNS ?? 50));
if (which === "students" || which === "all") await benchStudents(Number(process.env.BENCH_RUNS ?? 50));
if (which === "statistics" || which === "all") await benchStatistics(Number(process.env.BENCH_RUNS ?? 20));
if (which === "jwt-key" || which === "all") await benchJwtKey(Number(process.env.BENCH_RUNS ?? 5));
if (which === "students-upload" || which === "all") await benchStudentUpload(Number(process.env.BENCH_RUNS ?? 3));
if (which === "transaction-logs" || which === "all") await benchTransactionLogs(Number(process.env.BENCH_RUNS ?? 50));
if (which === "audit" || which === "all") await benchAudit(Number(process.env.BENCH_RUNS ?? 50));
if (which === "notifications" || which === "all") await benchNotifications(Number(process.env.BENCH_RUNS ?? 50));
if (which === "charges" || which === "all") await benchCharges(Number(process.env.BENCH_RUNS ?? 5));
if (which === "load" || which === "all") await benchLoad(Number(process.env.BENCH_SECONDS ?? 60), Number(process.env.BENCH_CONNECTIONS ?? 200));
// Not part of "all": ten minutes, and a PostgreSQL server with HAProxy.
if (which === "rolling") await benchRolling(Number(process.env.BENCH_SECONDS ?? 60), Number(process.env.BENCH_CONNECTIONS ?? 100));
if (which === "soak") await benchSoak(Number(process.env.BENCH_SECONDS ?? 600), Number(process.env.BENCH_CONNECTIONS ?? 32));
// Not part of "all" either: 200,000 pupils seeded twice, and a PostgreSQL server.
// Two whole stacks side by side: what the access lines cost on the read load.
if (which === "logging")
  await benchLogging(Number(process.env.BENCH_ROUNDS ?? 6), Number(process.env.BENCH_SECONDS ?? 10), Number(process.env.BENCH_CONCURRENCY ?? 8));
if (which === "backup") await benchBackup(Number(process.env.BENCH_RUNS ?? 1));
if (which === "weight" || which === "all") await benchPageWeight();
if (which === "table" || which === "all") await benchRegisterTable();
if (which === "lighthouse" || which === "all") await benchLighthouse(Number(process.env.BENCH_RUNS ?? 3));
// Not part of "all": the suite's accessibility check, weighed apart.
if (which === "axe") await benchAxe(Number(process.env.BENCH_RUNS ?? 9));
// Not part of "all": the whole browser suite; the arguments after it go to Playwright (a file, --project desktop).
if (which === "suite-cpu") await benchSuiteCpu(process.argv.slice(3));
process.exit(0);
