"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { AddressField } from "@/components/form/address-field";
import { ContactListFields } from "@/components/form/contact-chips";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { ImageCropDialog } from "@/components/ui/image-crop-dialog";
import { ImagePickerButton } from "@/components/ui/image-picker-button";
import { TextField } from "@/components/ui/text-field";
import type { FieldIssue } from "@/lib/contract/errors";
import type { RegisteringDistrict, RegisteringDistrictInput } from "@/lib/contract/registration";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { term } from "@/lib/contract/terminology";
import { useStatePortals, useStateTerms } from "@/lib/queries/registration";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/registration").then((m) => m.registeringDistrictSchema));

type Props = {
  district: RegisteringDistrictInput;
  logo: string | null;
  issues: FieldIssue[];
  onBack: () => void;
  onNext: (district: RegisteringDistrict, logo: string | null) => void;
};

/** Reads a cropped logo into a data URL, so the draft in sessionStorage can keep it across a reload. */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The logo could not be read."));
    reader.readAsDataURL(blob);
  });

/** Step two: the district's name, its state portal, address, contacts and an optional square logo. */
export default function DistrictStep({ district, logo: initialLogo, issues, onBack, onNext }: Props) {
  const [serverErrors] = useState(() =>
    issues.length > 0 ? Object.fromEntries(issues.map((i) => [i.path, { type: "server", message: i.message }])) : undefined,
  );
  const form = useForm<RegisteringDistrictInput, unknown, RegisteringDistrict>({
    resolver: validation.resolver,
    defaultValues: district,
    // The server's issues, once: a new object on every render would have the form clear its own errors each time.
    errors: serverErrors,
  });
  const { errors } = form.formState;
  const states = useStatePortals();
  // The name's label follows the chosen state's term for a district (spec §1).
  const districtTerm = term(useStateTerms(useWatch({ control: form.control, name: "stateId" })), "district");
  const [logo, setLogo] = useState(initialLogo);
  const [picked, setPicked] = useState<File | null>(null);

  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label="The district"
      onSubmit={form.handleSubmit((values) => onNext(values, logo), onInvalidSubmit)}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`${districtTerm} name`} error={errors.name?.message} {...form.register("name")} />
        <SelectField
          label="State portal"
          placeholder={states.isPending ? "Loading…" : "Choose"}
          options={(states.data?.statePortals ?? []).map((s) => ({ value: s.id, label: s.name }))}
          error={errors.stateId?.message}
          {...form.register("stateId")}
        />
      </div>
      <AddressField
        label="Address"
        value={form.watch("address") ?? ""}
        error={errors.address?.message}
        onAddress={(address) => form.setValue("address", address, { shouldValidate: form.formState.isSubmitted })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactListFields control={form.control} emailPlaceholder="office@district.example" />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {logo ? (
          <img src={logo} alt="The district's logo" width={96} height={96} className="size-24 rounded-md border border-border object-cover" />
        ) : (
          <span className="text-sm text-muted-foreground">No logo (optional)</span>
        )}
        <ImagePickerButton onPicked={([file]) => setPicked(file ?? null)}>{logo ? "Change logo" : "Add a logo"}</ImagePickerButton>
        {logo ? (
          <Button variant="secondary" onClick={() => setLogo(null)}>
            Remove logo
          </Button>
        ) : null}
      </div>
      <ImageCropDialog
        key={picked ? `${picked.name}-${picked.lastModified}` : "none"}
        file={picked}
        title="Crop: district logo"
        onCancel={() => setPicked(null)}
        onCropped={async (jpeg) => {
          setPicked(null);
          setLogo(await dataUrlOf(jpeg));
        }}
      />
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
