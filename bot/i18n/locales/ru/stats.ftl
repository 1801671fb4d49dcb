## Таблицы лидеров и личная статистика (задача 6). Имена приходят экранированными, рейтинг — цифрами.

stats-top-title-chat = 🏆 <b>Таблица лидеров: { $chat }</b>
stats-top-title-global = 🌍 <b>Общая таблица лидеров</b>
stats-top-subtitle = { $period }, по { $ordering }
# в дательном падеже: «по рейтингу»
stats-ordering-rating = рейтингу
stats-ordering-wins = победам
stats-ordering-win-rate = доле побед
stats-ordering-points = очкам
stats-period-all-time = За всё время
# таблица одного месяца, по его названию ($year приходит цифрами): «За ноябрь 2026 (UTC)»; месяц сменяется
# в полночь по UTC (в 03:00 по Москве), о чём и говорит подпись
stats-period-month = За { $month ->
    [1] январь
    [2] февраль
    [3] март
    [4] апрель
    [5] май
    [6] июнь
    [7] июль
    [8] август
    [9] сентябрь
    [10] октябрь
    [11] ноябрь
   *[12] декабрь
} { $year } (UTC)
stats-top-line = { $place } <b>{ $name }</b> · { $rating }{ $mark } · { $record }{ $score }
# $score в stats-top-line (его нет, когда очков нет ни у кого в таблице)
stats-top-score = { " " }· { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}
# $record в stats-top-line
stats-top-record = { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
} из { $matches } ({ $win_rate })
stats-provisional-mark = ?
stats-provisional-note = <i>? — предварительный рейтинг: меньше { $matches ->
    [one] { $matches } рейтингового матча
   *[other] { $matches } рейтинговых матчей
}</i>
# под таблицей чата или месяца по рейтингу
stats-rating-note = <i>Рейтинг у каждого игрока общий: он учитывает его матчи во всех чатах за всё время.</i>
# под таблицей по очкам, где очков ни у кого нет
stats-points-note = <i>Очки дают только матчи, где победитель раунда забирает очки карт с рук остальных: матчи на очки своей руки и в один раунд их не дают.</i>
stats-win-rate-note = <i>По доле побед сначала идут игроки, сыгравшие не меньше { $matches ->
    [one] { $matches } матча
   *[other] { $matches } матчей
}.</i>
stats-top-page = Страница { $page } из { $pages }
# тренировки против одних компьютеров в таблицы не идут: после такой «завершённых матчей нет» озадачило бы
stats-top-empty = Завершённых матчей между людьми пока нет: тренировки против одних компьютеров не считаются. { $start }
# $start в stats-top-empty и stats-personal-none-self: /new работает только в группе
stats-start-here = Начните игру здесь командой /new.
stats-start-in-group = Начните игру в группе командой /new.
stats-top-empty-month = В этом месяце завершённых матчей между людьми пока нет: тренировки против одних компьютеров не считаются.

## Кнопки таблицы лидеров (выбранная отмечена)

stats-button-chosen = ✓ { $label }
stats-button-rating = Рейтинг
stats-button-wins = Победы
stats-button-win-rate = Доля побед
stats-button-points = Очки
stats-button-all-time = За всё время
stats-button-this-month = За месяц

## /stats

stats-personal-title = 📊 <b>{ $name }</b>
# под заголовком: /top чата считает только этот чат, и цифры больше, чем в его таблице, надо объяснить
stats-personal-scope = Все чаты, за всё время
stats-personal-rating = Рейтинг: <b>{ $rating }</b>{ $provisional }
# что значит «предварительный», там же (таблица лидеров говорит это в примечании)
stats-personal-provisional = { " " }(предварительный: меньше { $matches ->
    [one] { $matches } рейтингового матча
   *[other] { $matches } рейтинговых матчей
})
stats-personal-trend = Динамика: { $arrow } { $change } за { $matches ->
    [1] последний матч
    [one] последний { $matches } рейтинговый матч
    [few] последние { $matches } рейтинговых матча
   *[many] последние { $matches } рейтинговых матчей
} { $sparkline }
stats-personal-matches = Завершённых матчей: { $matches }, побед: { $wins } ({ $win_rate })
stats-personal-matches-none = Матчей: ни одного завершённого
stats-personal-streak = Лучшая серия побед: { $streak }
stats-personal-rounds = Выиграно раундов: { $rounds }, очков: { $points }
# раунды выиграны, а очков нет
stats-personal-rounds-unscored = Выиграно раундов: { $rounds }, очков: 0 (их не дают матчи на очки своей руки и в один раунд, а также покинутые матчи)
stats-personal-place = Среднее место: { $place }
stats-personal-uno = Сказано «УНО!»: { $calls }
stats-personal-catches = Поимки: поймано соперников — { $made }, поймали соперники — { $suffered }
stats-personal-challenges = Споры: выиграно { $won } из { $total } ({ $rate })
# последняя строка /stats, если такие были: тренировки считаются отдельно, победы над одними компьютерами в таблицы не идут
stats-personal-practice = Тренировки против одних компьютеров: побед { $wins } из { $matches }. Они не входят ни в цифры выше, ни в таблицы лидеров: матч засчитывается, если в нём играли хотя бы двое людей.
stats-personal-none-self = У вас пока нет завершённых матчей. { $start }
stats-personal-none = { $name }: завершённых матчей пока нет.
stats-personal-usage = Чтобы посмотреть статистику другого игрока, ответьте командой /stats на его сообщение.
stats-top-usage = После /top можно написать только одно слово: /top global покажет таблицу лидеров всех игроков. Кнопки под таблицей сортируют её по победам, доле побед или очкам и показывают этот месяц.

## /forgetme

command-forgetme = Удалить мою статистику
stats-forget-confirm = Удалить всю вашу статистику УНО, рейтинг, имя, сохранённое в завершённых играх, и ваши запросы /notifyme? Результаты других игроков останутся. Отменить это будет нельзя. Пока вы в игре, удалить не получится: её результаты вернули бы вашу статистику.
stats-forget-button-confirm = Да, удалить
stats-forget-button-cancel = Отмена
stats-forget-done = Ваша статистика, рейтинг, сохранённое имя и запросы /notifyme удалены.
stats-forget-cancelled = Ничего не удалено.
# «Да, удалить» нажали больше чем через час после вопроса (FORGET_QUESTION_AGE)
stats-forget-expired = Ничего не удалено: этому вопросу больше часа, а ваша статистика с тех пор могла пополниться. Чтобы удалить её, снова отправьте /forgetme.
stats-forget-nothing = У вас нет статистики, удалять нечего.
stats-forget-in-private = Статистику удаляют в личном чате с ботом, а не здесь: откройте его и отправьте /forgetme там.
stats-forget-in-lobby = Вы записались в игру в чате <b>{ $chat }</b>, которая ещё не началась, и её результаты вернули бы вашу статистику. Выйдите из неё (кнопкой «Выйти» или командой /leave там), а потом снова отправьте /forgetme.
stats-forget-in-match = Ваша игра в чате <b>{ $chat }</b> ещё не закончилась, и её результаты вернули бы вашу статистику (выход из неё тоже засчитывается как поражение). Отправьте /forgetme снова, когда она закончится.
stats-forget-in-games = Ваши игры в этих чатах ещё не закончились, и их результаты вернули бы вашу статистику:
    { $games }
    Отправьте /forgetme снова, когда вас не будет ни в одной из них.
stats-forget-game-lobby = • <b>{ $chat }</b>: ещё не началась — выйдите из неё (кнопкой «Выйти» или командой /leave там)
stats-forget-game-match = • <b>{ $chat }</b>: идёт — дождитесь её конца (выход из неё тоже засчитывается как поражение)
