import { plural } from "./plural";

export const mail = {
  greeting: (name: string) => `Здравствуйте, ${name}!`,
  greetingAnonymous: "Здравствуйте!",
  verifySubject: (site: string) => `Подтвердите email на ${site}`,
  verifyText: (site: string) =>
    `Вы зарегистрировались на ${site}. Чтобы подтвердить адрес электронной почты, перейдите по ссылке:`,
  verifyButton: "Подтвердить email",
  resetSubject: (site: string) => `Сброс пароля на ${site}`,
  resetText: (site: string) =>
    `Кто-то запросил сброс пароля для вашего аккаунта на ${site}. Чтобы задать новый пароль, перейдите по ссылке:`,
  resetButton: "Задать новый пароль",
  ignore: "Если вы не делали этот запрос, просто проигнорируйте письмо.",
  linkFallback: "Если кнопка не работает, скопируйте ссылку в адресную строку браузера:",
  /** How long the link works; `minutes` from the token lifetime. */
  linkExpires: (minutes: number) => {
    const hours = minutes / 60;
    return Number.isInteger(hours)
      ? `Ссылка действует ${hours} ${plural(hours, "час", "часа", "часов")}.`
      : `Ссылка действует ${minutes} ${plural(minutes, "минуту", "минуты", "минут")}.`;
  },
  signature: (site: string) => `Команда ${site}`,
} as const;
