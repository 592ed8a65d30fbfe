import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { NewStudentForm } from "@/components/students/record/new-student-form";
import { studentFormSetup } from "@/components/students/record/student-form-setup";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Admit a student" };

/** Admits one pupil (POST /student/add): the student form with its choices read on the server. */
export default async function NewStudentPage() {
  const user = await getSignedInUser();
  const frame = {
    title: "Admit a student",
    crumbs: [
      { label: "Students", href: routes.studentManagement },
      { label: "Admission register", href: routes.admissionRegister },
      { label: "Admit a student" },
    ],
  };
  if (!user.permissions.includes("student.create"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  const setup = await studentFormSetup(user, queries);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <NewStudentForm {...setup} />
      </HydrationBoundary>
    </PageFrame>
  );
}
