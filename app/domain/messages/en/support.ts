import type { Translation } from "../shape";
import type { support as ru } from "../support";

export const support: Translation<typeof ru> = {
  title: "Support the project",
  intro:
    "Fabricum is free for factories and buyers. If it has helped you find a partner, you can support its development.",
  bankKgs: "Bank transfer (KGS)",
  bankUsd: "Bank transfer (USD)",
  eWallets: "E-wallets",
  copy: "Copy",
  copyLabel: (what: string) => `Copy: ${what}`,
  copied: "Copied",
  copyFailed: "Couldn’t copy",
  comingSoon: "Payment details will be published soon",
  thanks: "Thank you for helping the project grow!",
  wallet: (n: number) => `E-wallet ${n}`,
};
