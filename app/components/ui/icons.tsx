import type { ReactElement, Ref, SVGProps } from "react";
import spriteUrl from "virtual:icon-sprite";

/**
 * The app's icons: lucide's drawings from one SVG sprite (scripts/vite-icon-sprite.ts builds it from
 * the names below), each rendered as `<svg><use href="sprite#Name"/></svg>`. The props are those of
 * lucide-react's icons that the app uses: size by className (or size), colour by currentColor, an
 * optional strokeWidth, and aria-hidden unless an accessible name or role is given.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  size?: number | string;
  ref?: Ref<SVGSVGElement>;
}

export type LucideIcon = ((props: IconProps) => ReactElement) & { displayName: string };

const labelled = (props: object) => Object.entries(props).some(([key, value]) => value != null && (key.startsWith("aria-") || key === "role" || key === "title"));

function icon(name: string): LucideIcon {
  const Icon = ({ size = 24, strokeWidth = 2, children, ...props }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled(props) ? undefined : "true"}
      {...props}
    >
      {children}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
  Icon.displayName = name;
  return Icon;
}

// One line per icon the app uses (a test checks that each one is used); lucide-react's names.
export const AlertCircle = icon("AlertCircle");
export const ArrowLeft = icon("ArrowLeft");
export const ArrowRight = icon("ArrowRight");
export const BadgeCheck = icon("BadgeCheck");
export const BarChart3 = icon("BarChart3");
export const Bell = icon("Bell");
export const Briefcase = icon("Briefcase");
export const CalendarDays = icon("CalendarDays");
export const Camera = icon("Camera");
export const Check = icon("Check");
export const CheckCheck = icon("CheckCheck");
export const CheckCircle2 = icon("CheckCircle2");
export const ChevronRight = icon("ChevronRight");
export const ClipboardCheck = icon("ClipboardCheck");
export const ClipboardList = icon("ClipboardList");
export const Clock = icon("Clock");
export const Cookie = icon("Cookie");
export const Download = icon("Download");
export const ExternalLink = icon("ExternalLink");
export const Eye = icon("Eye");
export const FileText = icon("FileText");
export const Heart = icon("Heart");
export const HeartOff = icon("HeartOff");
export const Home = icon("Home");
export const ImageOff = icon("ImageOff");
export const ImagePlus = icon("ImagePlus");
export const Info = icon("Info");
export const LayoutDashboard = icon("LayoutDashboard");
export const Laptop = icon("Laptop");
export const LayoutGrid = icon("LayoutGrid");
export const LifeBuoy = icon("LifeBuoy");
export const Loader2 = icon("Loader2");
export const LogIn = icon("LogIn");
export const LogOut = icon("LogOut");
export const Mail = icon("Mail");
export const MailCheck = icon("MailCheck");
export const MapPin = icon("MapPin");
export const Menu = icon("Menu");
export const MessageCircle = icon("MessageCircle");
export const MessageSquareReply = icon("MessageSquareReply");
export const MessagesSquare = icon("MessagesSquare");
export const Moon = icon("Moon");
export const PackageOpen = icon("PackageOpen");
export const PackageSearch = icon("PackageSearch");
export const Paperclip = icon("Paperclip");
export const Pencil = icon("Pencil");
export const Plus = icon("Plus");
export const PlusCircle = icon("PlusCircle");
export const RefreshCw = icon("RefreshCw");
export const RotateCcw = icon("RotateCcw");
export const Search = icon("Search");
export const Send = icon("Send");
export const ShieldCheck = icon("ShieldCheck");
export const ShoppingBag = icon("ShoppingBag");
export const SlidersHorizontal = icon("SlidersHorizontal");
export const Sparkles = icon("Sparkles");
export const Star = icon("Star");
export const Sun = icon("Sun");
export const Trash2 = icon("Trash2");
export const TrendingUp = icon("TrendingUp");
export const TriangleAlert = icon("TriangleAlert");
export const UserRound = icon("UserRound");
export const UserX = icon("UserX");
export const Wallet = icon("Wallet");
export const X = icon("X");
