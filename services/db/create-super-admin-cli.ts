import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { emailField, nameField, phoneField } from "../../lib/contract/fields";
import { bootDatabase } from "../boot";
import { cliConfig, fail } from "./cli-env";
import { provisionDistrict } from "./provision";
import { district, staff, statePortal } from "./schema";
import { systemScope, within } from "./scope";

/** Crosses districts by design: creating the first super administrator of a deployment. */
const system = systemScope("creating the first super administrator of a deployment");

const usage = `Creates the first super administrator of a real deployment.

  npm run create-super-admin -- --email ada@state.gov.ng --first-name Ada --last-name Obi \\
      --phone 8031234567 --state "Lagos State" --district "Education District I"

The state portal and the district are created when they do not exist yet (the district as
Unverified). The account starts with status ResetPassword: its owner sets a password through
'Forgot password' on the sign-in page, with the code e-mailed to them (SMTP_URL must be set).`;

const argsSchema = z.object({
  email: emailField,
  "first-name": nameField,
  "last-name": nameField,
  phone: phoneField,
  state: z.string().check(z.trim(), z.minLength(2)),
  district: z.string().check(z.trim(), z.minLength(2)),
});

const { values } = parseArgs({
  options: Object.fromEntries(
    ["email", "first-name", "last-name", "phone", "state", "district", "help"].map((k) => [k, { type: k === "help" ? "boolean" : "string" }]),
  ) as Record<string, { type: "string" | "boolean" }>,
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const parsed = argsSchema.safeParse(values);
if (!parsed.success) fail(`${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n")}\n\n${usage}`);
const args = parsed.data;

bootDatabase(cliConfig(), { seedEmbedded: false })
  .then(async (database) => {
    const { db } = database;
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(sql`lower(${staff.email})`, args.email.toLowerCase()), within(system, staff)));
      if (taken) return null;
      const [existingState] = await tx.select().from(statePortal).where(eq(statePortal.name, args.state));
      const state = existingState ?? (await tx.insert(statePortal).values({ name: args.state }).returning())[0];
      if (!state) throw new Error("could not create the state portal");
      const [found] = await tx
        .select()
        .from(district)
        .where(and(eq(sql`lower(btrim(${district.name}))`, args.district.toLowerCase()), within(system, district)));
      const home = found ?? (await tx.insert(district).values({ stateId: state.id, name: args.district }).returning())[0];
      if (!home) throw new Error("could not create the district");
      if (!found) await provisionDistrict(tx, home.id);
      const [admin] = await tx
        .insert(staff)
        .values({
          districtId: home.id,
          firstName: args["first-name"],
          lastName: args["last-name"],
          email: args.email,
          phoneNumber: args.phone,
          isSuperAdmin: true,
          accountStatus: "ResetPassword",
        })
        .returning({ id: staff.id });
      return admin;
    });
    await database.close();
    if (!created) fail(`A staff member with the e-mail ${args.email} exists already.`);
    console.log(`Super administrator ${args.email} created. They set a password with 'Forgot password' on the sign-in page.`);
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
