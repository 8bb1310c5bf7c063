/** The JSON answer of the upload routes (profile.avatar.ts, profile.gallery.ts). */
export type UploadAnswer =
  | { ok: true; added?: number; avatarUrl?: string }
  | { ok: false; title: string; message: string; details?: string[] };

/**
 * Posts a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with the route's JSON answer; rejects only when the request itself failed.
 */
export function uploadWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener("load", () => {
      const answer = request.response as UploadAnswer | null;
      if (answer && typeof answer === "object" && "ok" in answer) resolve(answer);
      else reject(new Error(`Upload answered ${request.status}`));
    });
    request.addEventListener("error", () => reject(new Error("Upload failed")));
    request.addEventListener("abort", () => reject(new Error("Upload aborted")));
    request.send(body);
  });
}
