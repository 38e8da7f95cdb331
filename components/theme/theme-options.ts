import { Monitor, Moon, Sun, type LucideIcon } from "lucide-react";
import type { ThemeChoice } from "@/lib/client/theme";

/** The theme choices as the account menu and the mobile menu offer them. */
export const THEME_OPTIONS: { value: ThemeChoice; label: string; icon: LucideIcon }[] = [
  { value: "system", label: "System", icon: Monitor },
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
];
