import { ErrorScreen } from "@/components/layout/error-screen";
import { errorPageTitles } from "@/lib/contract/page-messages";

export default function NotFound() {
  return <ErrorScreen title={errorPageTitles.notFound} explanation="The page you are looking for does not exist or has been moved." />;
}
