import { searchPresence, type PresenceChallenge } from "../../lib/contract/presence-proof";
import type { AuthResult } from "../../lib/contract/user";
import { latestMailedCode, test, type Account } from "./fixtures";
import { districtApiUrl } from "./ports";

export type Registered = { owner: Account; district: string; districtId: string };

/** Registers a district through the district API (as the registration page does): the e-mailed code, the proof of presence, the form. */
export async function registerThroughApi(project: string, tag: string, oracleNumber?: string): Promise<Registered> {
  if (!districtApiUrl) test.skip(true, "arranges its data through the API: set E2E_DISTRICT_API_URL");
  const api = districtApiUrl ?? "";
  const n = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const p = `${project === "desktop" ? "1" : "2"}${tag}`;
  const email = `applicant.${p}${n}@registering.example`;
  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const post = (path: string, body: unknown) =>
    fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const { statePortals } = await json<{ statePortals: { id: string; name: string }[] }>(await fetch(`${api}/staff/register/state-portals`));
  const stateId = statePortals.find((s) => s.name === "Lagos State")?.id ?? statePortals[0]?.id ?? "";
  const asked = Date.now();
  const { verificationId } = await json<{ verificationId: string }>(await post("/staff/register/email-code", { email }));
  await json(await post("/staff/register/verify-email", { verificationId, code: await latestMailedCode(email, asked) }));
  const district = `Applied District ${p}${n}`;
  const password = "Register#2026";
  const registration = {
    verificationId,
    staff: {
      title: "Mr",
      firstName: "Tunde",
      lastName: "Bakare",
      middleName: "",
      oracleNumber: oracleNumber ?? `E2E-RVO-${p}${n}`,
      tescomNumber: `E2E-RVT-${p}${n}`,
      gender: "Male",
      dob: "1982-02-10",
      phoneCode: "+234",
      phoneNumber: `81${p}${n}`.slice(0, 10),
      email,
      address: "12 Marina Road, Lagos Island, Lagos",
      countryOfOrigin: "Nigeria",
      stateOfOrigin: "Lagos",
      localGovernmentOfOrigin: "Ikorodu",
      countryOfResidence: "Nigeria",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Lagos Island",
      username: `applicant_${p}${n}`,
      password,
    },
    district: {
      name: district,
      stateId,
      address: "1 District Way, Lagos Island, Lagos",
      phoneNumbers: [`+23470${p}${n}`.slice(0, 14)],
      emails: [`office.${p}${n}@registering.example`],
    },
  };
  const { challenge, bits } = await json<PresenceChallenge>(await fetch(`${api}/staff/register/challenge`));
  let solution: string | null = null;
  for (let from = 0; solution === null; from += 100_000) solution = searchPresence(challenge, bits, from, 100_000);
  const form = new FormData();
  form.append("registration", JSON.stringify(registration));
  form.append("presence", JSON.stringify({ challenge, solution }));
  // Solving can outlast the API's keep-alive, and a socket it closed meanwhile fails the send (EPIPE): sent again once on a fresh one.
  const send = () => fetch(`${api}/staff/register`, { method: "POST", body: form });
  const registered = await json<AuthResult>(await send().catch(send));
  return { owner: { email, password }, district, districtId: registered.staff.district.id };
}
