import { authMessages } from "../../../lib/contract/messages";
import { registrationSchema } from "../../../lib/contract/registration";
import { authResultOf } from "../../auth/auth-result";
import { hashPassword } from "../../auth/password";
import { takeAttempt } from "../../auth/rate-limit";
import { startSession } from "../../auth/sessions";
import { hashToken } from "../../auth/tokens";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, validationError } from "../../http/errors";
import { imageFrom, readForm } from "../../images/image-upload";
import { MAX_IMAGE_BYTES } from "../../../lib/contract/images";
import { spendPresenceProof } from "./presence-proof";
import { registerDistrict } from "./register";

/** The form's `registration` field: the JSON of both steps; anything else is a malformed request. */
function registrationOf(value: unknown) {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    json = undefined;
  }
  if (json === undefined) throw new AppError("bad_request", authMessages.malformedJson);
  const parsed = registrationSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function registrationRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/staff/register",
      summary:
        "Register a district and its administrator (architecture 'Registration'). Multipart form: registration (JSON: { verificationId, staff: staff form + username + password, district: { name, stateId, address, phoneNumbers, emails } }), presence (JSON: { challenge, solution }, the proof of presence solved from GET /staff/register/challenge; 400 without a valid, unexpired, unused one) and an optional logo file (PNG or JPEG, at most 5 MB). The e-mail must be the one verified with the code. 201 with tokens and the signed-in user, like a sign-in; the district is Unverified until a super administrator approves it. 409 with per-field issues for a taken e-mail, phone, username, staff number or district name",
      tag: "Registration",
      access: publicAccess,
      rawBody: true,
      // One logo and the form's own bytes.
      maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
      // Counted per client address before a byte of the form is read: a malformed or oversized form counts too.
      beforeBody: async (c) => {
        const { db, config } = c.get("deps");
        await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`register-submit:ip:${c.get("clientIp")}`, config.REGISTRATION_LIMIT_PER_IP]]);
      },
    },
    async (c) => {
      const { db, config } = c.get("deps");
      const form = await readForm(c);
      const input = registrationOf(form.registration);
      // A person is there before anything is counted, checked or spent: a script without the page's proof changes nothing.
      await spendPresenceProof(db, config, form);
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [
        [`register-submit:email:${hashToken(input.staff.email.toLowerCase())}`, config.REGISTRATION_LIMIT_PER_EMAIL],
      ]);
      const logo = form.logo instanceof File && form.logo.size > 0 ? await imageFrom(form.logo) : null;
      const created = await registerDistrict(db, input, await hashPassword(input.staff.password), logo);
      const tokens = await startSession(db, config, { staffId: created.staffId, districtId: created.districtId, organizationId: created.districtId });
      return c.json(await authResultOf(db, tokens), 201);
    },
  );
}
