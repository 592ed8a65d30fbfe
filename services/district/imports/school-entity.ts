import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { schoolCategories, schoolFormSchema, schoolMessages } from "../../../lib/contract/schools";
import { lgea, school } from "../../db/schema";
import type { EntityDefinition, Reader } from "../../spreadsheet/entity";

type Context = { lgeas: Map<string, { id: string; localGovernment: string }> };
type Parsed = { name: string; description: string; address: string; localGovernment: string; category: string; lgeaId: string };

/** A school's identity in a file and in the district: its name, trimmed, single-spaced, any case. */
const keyOf = (name: string | undefined) => (name ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** Schools as the import and export engine sees them: the columns of the school form, validated by its schema. */
export const schoolEntity: EntityDefinition<Context, Parsed> = {
  entity: "school",
  columns: [
    { key: "name", header: "Name", aliases: ["School name", "Title", "School"], required: true, example: "Ikeja Model College" },
    { key: "description", header: "Description", required: false, example: "Senior secondary school with science and arts" },
    { key: "address", header: "Address", aliases: ["School address"], required: true, example: "12 Allen Avenue, Ikeja" },
    { key: "localGovernment", header: "Local Government", aliases: ["LGA", "Local government area"], required: true, example: "Agege" },
    { key: "category", header: "Category", aliases: ["School category", "Type"], required: true, example: "Senior Secondary" },
  ],
  keyColumn: "name",
  existsMessage: schoolMessages.nameTaken,

  context: async (db, districtId) => {
    const rows = await db.select({ id: lgea.id, localGovernment: lgea.localGovernment }).from(lgea).where(eq(lgea.districtId, districtId));
    return { lgeas: new Map(rows.map((r) => [r.localGovernment.toLowerCase(), r])) };
  },

  validate: (data, context) => {
    // Category and local government match case-insensitively, then take their proper spelling.
    const category = schoolCategories.find((c) => c.toLowerCase() === (data.category ?? "").trim().toLowerCase()) ?? data.category;
    const result = schoolFormSchema.safeParse({ ...data, category });
    const errors: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
    const area = context.lgeas.get((data.localGovernment ?? "").trim().toLowerCase());
    if (!errors.localGovernment && !area) errors.localGovernment = schoolMessages.lgaNotInDistrict;
    if (!result.success || !area) return { errors };
    return { value: { ...result.data, name: result.data.name.replace(/\s+/g, " "), localGovernment: area.localGovernment, lgeaId: area.id } };
  },

  dedupeKey: (data) => keyOf(data.name),

  existingKeys: async (db, districtId, keys) => {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: sql<string>`lower(btrim(${school.name}))` })
      .from(school)
      .where(and(eq(school.districtId, districtId), inArray(sql`lower(btrim(${school.name}))`, keys)));
    return new Set(rows.map((r) => keyOf(r.key)));
  },

  create: async (tx, _actor, districtId, importId, rows) => {
    for (let i = 0; i < rows.length; i += 1_000) {
      const batch = rows
        .slice(i, i + 1_000)
        .map((r) => ({
          districtId,
          importId,
          lgeaId: r.lgeaId,
          name: r.name,
          description: r.description,
          address: r.address,
          localGovernment: r.localGovernment,
          category: r.category,
        }));
      await tx.insert(school).values(batch);
    }
    return rows.length;
  },

  allowedValues: (context) => ({ Category: [...schoolCategories], "Local Government": [...context.lgeas.values()].map((l) => l.localGovernment).sort() }),

  exportRows: async function* (db: Reader, districtId: string) {
    yield ["Name", "Description", "Address", "Local Government", "Category"];
    // By name, a page at a time after the last one seen: memory holds one page whatever the district's size.
    let after: { name: string; id: string } | null = null;
    const byName = sql<string>`lower(${school.name})`;
    for (;;) {
      const rows = await db
        .select({ school, key: byName })
        .from(school)
        .where(and(eq(school.districtId, districtId), after ? sql`(${byName}, ${school.id}) > (${after.name}, ${after.id})` : undefined))
        .orderBy(asc(byName), asc(school.id))
        .limit(2_000);
      if (rows.length === 0) return;
      for (const { school: r } of rows) yield [r.name, r.description ?? "", r.address ?? "", r.localGovernment, r.category];
      const last = rows.at(-1);
      after = last ? { name: last.key, id: last.school.id } : after;
    }
  },
};
