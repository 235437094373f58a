import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reportUploadProgress } from "~/lib/upload-progress";

// React Router's own client entry, plus one thing: the forms with pictures report how much of
// the upload has gone (app/lib/upload-progress.ts).
reportUploadProgress();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
