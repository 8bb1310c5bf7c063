import { useId } from "react";

/** An upload's progress bar with its label and the percentage (gallery, service images). */
export function UploadProgress({ label, percent, percentText }: { label: string; percent: number; percentText: string }) {
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-sm">
        <span id={labelId}>{label}</span>
        <span aria-hidden="true">{percentText}</span>
      </div>
      <div role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
