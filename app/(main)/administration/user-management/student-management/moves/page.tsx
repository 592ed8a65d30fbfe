import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { MoveList } from "@/components/students/moves/move-list";
import { movesPageFrom, studentRecordReads } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Group moves" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The target after a group move: the moves, newest first, the URL's page with it; reversible ones can be undone. */
export default async function StudentMovesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const frame = {
    title: "Group moves",
    crumbs: [{ label: "Students", href: routes.studentManagement }, { label: "Admission register", href: routes.admissionRegister }, { label: "Group moves" }],
  };
  if (!can.has("student.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const page = movesPageFrom([(await searchParams).page].flat()[0]);
  const queries = serverQueries();
  await queries.prefetch(studentRecordReads.moves(page));
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <MoveList canUndo={can.has("student.update")} canMove={can.has("student.update")} />
      </HydrationBoundary>
    </PageFrame>
  );
}
