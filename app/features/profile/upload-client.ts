/** The JSON answer of a stored upload (profile.avatar.ts: avatarUrl; profile.gallery.ts: added). */
export type UploadSuccess = { ok: true; added?: number; avatarUrl?: string };

/**
 * The JSON answer of the upload routes. A refusal carries its reason and the toast to show:
 * the title the profile gives that reason for this kind of upload, the reason's words, and for
 * the gallery one line per refused file (upload-route.server.ts).
 */
export type UploadAnswer = UploadSuccess | { ok: false; reason: string; title: string; message: string; details?: string[] };

/**
 * Posts a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with the route's JSON answer (the profile's, or another upload route's such as
 * the service images'); rejects only when the request itself failed.
 */
export function uploadWithProgress<T extends { ok: boolean } = UploadAnswer>(url: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener("load", () => {
      const answer = request.response as T | null;
      if (answer && typeof answer === "object" && "ok" in answer) resolve(answer);
      else reject(new Error(`Upload answered ${request.status}`));
    });
    request.addEventListener("error", () => reject(new Error("Upload failed")));
    request.addEventListener("abort", () => reject(new Error("Upload aborted")));
    request.send(body);
  });
}
