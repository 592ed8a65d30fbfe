import { schoolCategories, schoolMessages } from "../../../lib/contract/schools";
import { districtQuery, type EntityDefinition } from "../../spreadsheet/entity";
import { allSchoolsByName, insertSchools, placesInScope, takenSchoolNames, type SchoolValues } from "./queries";
import { checkSchool, placesByLocalGovernment, schoolKey, type Places } from "./rules";
import { schoolMatch } from "./spreadsheet-match";

/** Schools as the import and export engine sees them: the columns of the school form, checked by the same rule. */
export const schoolEntity: EntityDefinition<Places, SchoolValues> = {
  entity: "school",
  sheetName: "Schools",
  columns: [
    { key: "name", header: "Name", aliases: ["School name", "Title", "School"], required: true, example: "Ikeja Model College" },
    { key: "description", header: "Description", required: false, example: "Senior secondary school with science and arts" },
    { key: "address", header: "Address", aliases: ["School address"], required: true, example: "12 Allen Avenue, Ikeja" },
    { key: "localGovernment", header: "Local Government", aliases: ["LGA", "Local government area"], required: true, example: "Agege" },
    { key: "category", header: "Category", aliases: ["School category", "Type"], required: true, example: "Senior Secondary" },
  ],
  context: async (db, scope) => placesByLocalGovernment(await placesInScope(db, scope)),
  validate: (data, places) => checkSchool(data, places),
  // A school's name is unique in its district.
  uniqueKeys: [
    {
      column: "name",
      of: (data) => schoolKey(data.name),
      taken: (db, scope, keys) => takenSchoolNames(db, scope, keys),
      takenMessage: schoolMessages.nameTaken,
    },
  ],
  match: schoolMatch,
  create: async (tx, rows, { scope, importId }) => {
    const created = await insertSchools(tx, scope, rows, importId);
    // Audited whole, as POST /school/create audits a new school.
    return { count: created.length, audited: created.map((row) => ({ record: row, after: row })) };
  },
  allowedValues: (places) => ({ Category: [...schoolCategories], "Local Government": [...places.values()].map((l) => l.localGovernment).sort() }),
  exportQuery: districtQuery,
  exportRows: async function* (db, scope) {
    yield ["Name", "Description", "Address", "Local Government", "Category"];
    for await (const r of allSchoolsByName(db, scope)) yield [r.name, r.description ?? "", r.address ?? "", r.localGovernment, r.category];
  },
};
