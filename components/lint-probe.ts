import { openDatabase } from "../services/db/client";
export const y = openDatabase;
